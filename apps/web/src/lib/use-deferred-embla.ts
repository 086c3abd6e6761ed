import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type Autoplay from 'embla-carousel-autoplay';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';
import { useCallback, useEffect, useRef, useState } from 'react';

import { nextTurn } from './next-turn';

/** Embla and its autoplay plugin, fetched together once the first slider is on screen. */
async function loadEmbla() {
  const [{ default: EmblaCarousel }, { default: AutoplayPlugin }] = await Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]);
  return { EmblaCarousel, AutoplayPlugin };
}

/**
 * Embla on the element given to the returned ref, as `embla-carousel-react` does, but loaded
 * after the page is on screen: the slides render (on the server and at hydration) as a plain
 * row, and the slider's code (some 8 KB gzipped) stays out of the first route's JavaScript.
 * `autoplay` null means no autoplay; changing it or `options` re-initialises Embla at the same
 * slide. The API is undefined until Embla has started.
 */
export function useDeferredEmbla(
  options: EmblaOptionsType,
  autoplay: Partial<AutoplayOptionsType> | null,
): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  // The wanted settings, for the effect that starts Embla once its code is here.
  const latest = useRef({ options, autoplay });
  useEffect(() => {
    latest.current = { options, autoplay };
  });
  // What the running instance was started or re-initialised with.
  const applied = useRef({ options, autoplay });
  const autoplayPlugin = useRef<typeof Autoplay | null>(null);

  const pluginsFor = useCallback((wanted: Partial<AutoplayOptionsType> | null) => (wanted && autoplayPlugin.current ? [autoplayPlugin.current(wanted)] : []), []);

  useEffect(() => {
    if (!viewport) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    void loadEmbla().then(async ({ EmblaCarousel, AutoplayPlugin }) => {
      // Each slider starts in a task of its own, and renders what Embla says in another: the
      // sliders of a page would otherwise start together, in one long task (next-turn.ts).
      await nextTurn();
      if (cancelled) return;
      autoplayPlugin.current = AutoplayPlugin;
      applied.current = latest.current;
      instance = EmblaCarousel(viewport, latest.current.options, pluginsFor(latest.current.autoplay));
      await nextTurn();
      if (cancelled) return;
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport, pluginsFor]);

  useEffect(() => {
    if (!api || (applied.current.options === options && applied.current.autoplay === autoplay)) return;
    applied.current = { options, autoplay };
    api.reInit(options, pluginsFor(autoplay));
  }, [api, options, autoplay, pluginsFor]);

  return [setViewport, api];
}
