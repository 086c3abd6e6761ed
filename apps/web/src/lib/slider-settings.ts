import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';

import type { Direction } from './direction';

/** How many slides a slider shows and moves at a time. */
export interface SlideCounts {
  slidesToShow: number;
  slidesToScroll: number;
}

/**
 * A slider as the spec's section 9 states it (react-slick's vocabulary): `speed` and
 * `autoplaySpeed` in milliseconds, and `responsive` entries that apply at widths up to
 * `breakpoint` pixels (the smallest matching one wins).
 */
export interface SliderSettings extends SlideCounts {
  infinite: boolean;
  speed: number;
  autoplaySpeed: number;
  /** Delay before a resize re-measures the slider. */
  resizeDebounce: number;
  responsive: readonly { breakpoint: number; settings: SlideCounts }[];
}

/** Spec section 9: "infinite, 1000 ms speed; default autoplay 3000 ms and resize debounce 50 ms". */
const SLIDER_DEFAULTS = { infinite: true, speed: 1000, autoplaySpeed: 3000, resizeDebounce: 50 } as const;

/**
 * The deals slider, word for word: shows 2 and scrolls 4; up to 1424 px 1 shown, scroll 3;
 * up to 1124 px 1 shown, scroll 2; up to 800 px 1 shown, scroll 1.
 */
export const DEALS_SLIDER: SliderSettings = {
  ...SLIDER_DEFAULTS,
  slidesToShow: 2,
  slidesToScroll: 4,
  responsive: [
    { breakpoint: 1424, settings: { slidesToShow: 1, slidesToScroll: 3 } },
    { breakpoint: 1124, settings: { slidesToShow: 1, slidesToScroll: 2 } },
    { breakpoint: 800, settings: { slidesToShow: 1, slidesToScroll: 1 } },
  ],
};

/** The departments slider: shows 4 and scrolls 1. */
export const DEPARTMENTS_SLIDER: SliderSettings = { ...SLIDER_DEFAULTS, slidesToShow: 4, slidesToScroll: 1, responsive: [] };

/**
 * Our own row of product cards (the product page's "Customers also viewed"; the spec leaves
 * that screen to us): the spec's defaults, one card moved at a time, as many cards as fit.
 */
export const PRODUCT_ROW_SLIDER: SliderSettings = {
  ...SLIDER_DEFAULTS,
  slidesToShow: 5,
  slidesToScroll: 1,
  responsive: [
    { breakpoint: 1200, settings: { slidesToShow: 4, slidesToScroll: 1 } },
    { breakpoint: 900, settings: { slidesToShow: 3, slidesToScroll: 1 } },
    { breakpoint: 600, settings: { slidesToShow: 2, slidesToScroll: 1 } },
  ],
};

/** The media query of a react-slick breakpoint: it applies at widths up to and including it. */
export function breakpointQuery(breakpoint: number): string {
  return `(max-width: ${breakpoint}px)`;
}

/** Largest breakpoint first: media queries written in this order let the smaller one win. */
function responsiveWidestFirst(settings: SliderSettings) {
  return [...settings.responsive].sort((a, b) => b.breakpoint - a.breakpoint);
}

/** What the slider shows and scrolls at a viewport width (for tests and documentation). */
export function slideCountsAt(settings: SliderSettings, width: number): SlideCounts {
  let counts: SlideCounts = { slidesToShow: settings.slidesToShow, slidesToScroll: settings.slidesToScroll };
  for (const { breakpoint, settings: atBreakpoint } of responsiveWidestFirst(settings)) {
    if (width <= breakpoint) counts = atBreakpoint;
  }
  return counts;
}

// Embla has no duration in milliseconds: it moves by an attraction simulation, stepped 60 times
// a second, in which `velocity += distance / duration; velocity *= 0.68` (embla-carousel 8,
// ScrollBody and Animations). These mirror it so a duration in ms can be turned into Embla's.
const EMBLA_STEP_MS = 1000 / 60;
const EMBLA_FRICTION = 0.68;
/** A typical scroll: one wide slide, or a few narrow ones. */
const TYPICAL_SCROLL_PX = 800;

/** How long an Embla scroll of `distance` pixels takes to come within `tolerance` px of rest. */
export function emblaSettleTime(duration: number, distance = TYPICAL_SCROLL_PX, tolerance = 1): number {
  if (duration <= 0) return 0;
  let location = 0;
  let velocity = 0;
  let steps = 0;
  while ((Math.abs(distance - location) >= tolerance || Math.abs(velocity) >= tolerance) && steps < 100_000) {
    velocity += (distance - location) / duration;
    velocity *= EMBLA_FRICTION;
    location += velocity;
    steps += 1;
  }
  return steps * EMBLA_STEP_MS;
}

/** Embla durations already worked out, by speed in ms: each slider of a page asks as it hydrates. */
const durations = new Map<number, number>();

/** The Embla `duration` (a whole number from 1 to 100) whose typical scroll takes closest to `ms`. */
export function emblaDurationFor(ms: number): number {
  const known = durations.get(ms);
  if (known !== undefined) return known;
  let best = 1;
  let bestGap = Math.abs(emblaSettleTime(best) - ms);
  for (let duration = 2; duration <= 100; duration += 1) {
    const gap = Math.abs(emblaSettleTime(duration) - ms);
    if (gap < bestGap) {
      best = duration;
      bestGap = gap;
    }
  }
  durations.set(ms, best);
  return best;
}

/** A `watchResize` that re-measures the slider once the width has stopped changing for `delay` ms. */
function debouncedResize(delay: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWidth: number | undefined;
  return (emblaApi: EmblaCarouselType): boolean => {
    const width = emblaApi.containerNode().getBoundingClientRect().width;
    // The observer also reports the sizes it starts with: only a real change re-measures.
    if (lastWidth === undefined || Math.abs(width - lastWidth) < 0.5) {
      lastWidth = width;
      return false;
    }
    lastWidth = width;
    clearTimeout(timer);
    timer = setTimeout(() => emblaApi.reInit(), delay);
    return false;
  };
}

export interface SliderEnvironment {
  direction: Direction;
  /** The shopper asked for less motion: slides jump instead of gliding. */
  reducedMotion: boolean;
}

/**
 * Embla's options for the spec's settings: `loop` for infinite, `slidesToScroll` and a
 * `breakpoints` entry per responsive setting (the slides' widths follow the same queries in
 * CSS, see `slideBasisSx`), the speed as an Embla duration, right-to-left for Arabic.
 */
export function toEmblaOptions(settings: SliderSettings, { direction, reducedMotion }: SliderEnvironment): EmblaOptionsType {
  return {
    loop: settings.infinite,
    align: 'start',
    direction,
    slidesToScroll: settings.slidesToScroll,
    duration: reducedMotion ? 0 : emblaDurationFor(settings.speed),
    breakpoints: Object.fromEntries(
      responsiveWidestFirst(settings).map(({ breakpoint, settings: atBreakpoint }) => [
        breakpointQuery(breakpoint),
        { slidesToScroll: atBreakpoint.slidesToScroll },
      ]),
    ),
    watchResize: debouncedResize(settings.resizeDebounce),
    // A slide that receives keyboard focus is scrolled into view.
    watchFocus: true,
    // A slide counts as in view (and takes focus: components/carousel.tsx) when half of it is shown.
    inViewThreshold: 0.5,
  };
}

/**
 * Autoplay every `autoplaySpeed` ms. It pauses while the pointer is over the slider or focus
 * is in it, and goes on when they leave (`stopOnInteraction: false`).
 */
export function toAutoplayOptions(settings: SliderSettings): Partial<AutoplayOptionsType> {
  return { delay: settings.autoplaySpeed, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true };
}

/**
 * Every breakpoint a slider of the shop uses, widest first: app/shop.css has a rule for each
 * (`.dk-slides`), which takes the slide count of its width from `slideCountVariables`. A slider
 * with a breakpoint not listed here fails its test (slider-settings.test.ts).
 */
export const SLIDER_BREAKPOINTS = [1424, 1200, 1124, 900, 800, 600] as const;

/**
 * The slide counts of a slider at each of `SLIDER_BREAKPOINTS`, as CSS variables for an element
 * with the class `dk-slides` (`--slides`, `--slides-1424`, ...): its slides are `100% / count`
 * wide, as `slideCountsAt` says for each width.
 */
export function slideCountVariables(settings: SliderSettings): Record<string, string> {
  return {
    '--slides': String(settings.slidesToShow),
    ...Object.fromEntries(SLIDER_BREAKPOINTS.map((breakpoint) => [`--slides-${breakpoint}`, String(slideCountsAt(settings, breakpoint).slidesToShow)])),
  };
}

/** The width of one slide, `100% / slidesToShow`, at each breakpoint (MUI `sx`). */
export function slideBasisSx(settings: SliderSettings): Record<string, unknown> {
  const basis = (show: number) => `${100 / show}%`;
  return {
    flex: `0 0 ${basis(settings.slidesToShow)}`,
    ...Object.fromEntries(
      responsiveWidestFirst(settings).map(({ breakpoint, settings: atBreakpoint }) => [
        `@media ${breakpointQuery(breakpoint)}`,
        { flexBasis: basis(atBreakpoint.slidesToShow) },
      ]),
    ),
  };
}
