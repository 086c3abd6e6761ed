import { type CSSProperties, type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DeferHydration } from '../lib/deferred-hydration';
import { directionOf } from '../lib/direction';
import { REPLAY_EACH_ATTRIBUTE } from '../lib/early-events';
import { type SliderSettings, slideCountVariables, toAutoplayOptions, toEmblaOptions } from '../lib/slider-settings';
import { useDeferredEmbla } from '../lib/use-deferred-embla';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion';

import { Icon } from './icons';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** Id of the heading that names the slider (its region takes that name). */
  labelledBy: string;
  /** What sits at the start of the control row: the section's heading and "View all" link. */
  header: ReactNode;
  settings: SliderSettings;
  slides: readonly CarouselSlide[];
  /** Space between slides, in px. */
  gap?: number;
}

/**
 * A slider (Embla, loaded after first paint) with the spec's settings: loops, autoplays, can be dragged or swiped.
 * Keyboard: the previous / next buttons, the arrow keys anywhere inside it (mirrored in
 * Arabic), and Tab, which brings the focused slide into view. Autoplay pauses while the pointer
 * or focus is inside, does not start for shoppers who prefer reduced motion, and has a pause /
 * play button (WCAG 2.2.2). In Arabic it runs right-to-left.
 */
export function Carousel({ labelledBy, header, settings, slides, gap = 16 }: CarouselProps) {
  const { t, i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const reducedMotion = usePrefersReducedMotion();
  const viewportId = useId();
  // Autoplay is on unless the shopper prefers reduced motion; the pause button overrides either way.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;

  const options = useMemo(() => toEmblaOptions(settings, { direction, reducedMotion }), [settings, direction, reducedMotion]);
  // No autoplay while paused: Embla re-initialises at the same slide when this changes.
  const autoplay = useMemo(() => (playing ? toAutoplayOptions(settings) : null), [playing, settings]);
  // Embla itself loads after the page is on screen; until then the slides are a plain row.
  const [viewportRef, emblaApi] = useDeferredEmbla(options, autoplay);
  // The sliders loop (spec section 9), so both arrows work from the start; Embla says otherwise
  // for a row too short to scroll.
  const [canScroll, setCanScroll] = useState({ prev: true, next: true });
  // Presses of the arrows before Embla has started: slides to move by once it has.
  const earlySteps = useRef(0);

  // The slides in view once Embla runs (at least half of each shown); null before, or while it
  // has not measured them yet. Slides out of view take no keyboard focus (WCAG 2.4.11): Tab
  // stays on what is shown, and the arrows bring the rest.
  const [inView, setInView] = useState<ReadonlySet<number> | null>(null);
  const focusFirstShown = useRef(false);
  useLayoutEffect(() => {
    if (!focusFirstShown.current || !emblaApi || !inView) return;
    focusFirstShown.current = false;
    const first = Math.min(...inView);
    emblaApi.slideNodes()[first]?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus({ preventScroll: true });
  }, [inView, emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    const update = () => setCanScroll({ prev: emblaApi.canScrollPrev(), next: emblaApi.canScrollNext() });
    update();
    emblaApi.on('select', update).on('reInit', update);
    const updateInView = () => {
      const shown = emblaApi.slidesInView();
      // Focus in a slide that leaves the view (the arrow keys moved it) goes to the first one
      // shown, once that one is no longer inert (the layout effect below).
      const focusedSlide = emblaApi.slideNodes().findIndex((node) => node.contains(document.activeElement));
      if (focusedSlide >= 0 && shown.length > 0 && !shown.includes(focusedSlide)) focusFirstShown.current = true;
      setInView(shown.length > 0 ? new Set(shown) : null);
    };
    updateInView();
    emblaApi.on('slidesInView', updateInView);
    if (earlySteps.current !== 0) {
      const slides = emblaApi.scrollSnapList().length;
      emblaApi.scrollTo((((emblaApi.selectedScrollSnap() + earlySteps.current) % slides) + slides) % slides);
      earlySteps.current = 0;
    }
    return () => {
      emblaApi.off('select', update).off('reInit', update).off('slidesInView', updateInView);
      setInView(null);
    };
  }, [emblaApi]);

  const scrollPrev = useCallback(() => {
    if (emblaApi) emblaApi.scrollPrev();
    else earlySteps.current -= 1;
  }, [emblaApi]);
  const scrollNext = useCallback(() => {
    if (emblaApi) emblaApi.scrollNext();
    else earlySteps.current += 1;
  }, [emblaApi]);
  // Every press of an arrow moves the slider, also those made before this part was live.
  const replayEach = { [REPLAY_EACH_ATTRIBUTE]: '' };

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    // "Forward" is to the right in English and to the left in Arabic.
    const forward = (event.key === 'ArrowRight') === (direction === 'ltr');
    if (forward) scrollNext();
    else scrollPrev();
  }

  const [startIcon, endIcon] = direction === 'rtl' ? (['chevronRight', 'chevronLeft'] as const) : (['chevronLeft', 'chevronRight'] as const);

  return (
    <div role="region" aria-roledescription={t('carousel.roledescription')} aria-labelledby={labelledBy} onKeyDown={handleKeyDown}>
      <div className="dk-carousel__bar">
        <div className="dk-carousel__header">{header}</div>
        <div className="dk-carousel__controls">
          <button
            type="button"
            className="dk-icon-button dk-carousel__control"
            onClick={() => setPlayChoice(!playing)}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
            aria-controls={viewportId}
          >
            <Icon name={playing ? 'pause' : 'play'} small />
          </button>
          <button
            type="button"
            className="dk-icon-button dk-carousel__control"
            onClick={scrollPrev}
            disabled={!canScroll.prev}
            aria-label={t('carousel.previous')}
            aria-controls={viewportId}
            {...replayEach}
          >
            <Icon name={startIcon} />
          </button>
          <button
            type="button"
            className="dk-icon-button dk-carousel__control"
            onClick={scrollNext}
            disabled={!canScroll.next}
            aria-label={t('carousel.next')}
            aria-controls={viewportId}
            {...replayEach}
          >
            <Icon name={endIcon} />
          </button>
        </div>
      </div>
      <div ref={viewportRef} id={viewportId} dir={direction} className="dk-carousel__viewport">
        <div
          className="dk-slides"
          // While it plays, announcing every move would drown a screen reader.
          aria-live={playing ? 'off' : 'polite'}
          // The slides' widths at each breakpoint, and the space between them (app/shop.css).
          style={{ ...slideCountVariables(settings), '--slide-gap': `${gap}px` } as CSSProperties}
        >
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { index: index + 1, count: slides.length })}
            >
              {/* Inert while out of view: its links and buttons take no focus, so focus is never hidden. */}
              <div inert={inView !== null && !inView.has(index) ? true : undefined}>
                {/* On a server-rendered page each slide hydrates in a task of its own (lib/deferred-hydration.tsx). */}
                <DeferHydration>{slide.content}</DeferHydration>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
