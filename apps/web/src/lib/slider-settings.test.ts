import { describe, expect, it } from 'vitest';

import {
  DEALS_SLIDER,
  DEPARTMENTS_SLIDER,
  emblaDurationFor,
  emblaSettleTime,
  PRODUCT_ROW_SLIDER,
  slideBasisSx,
  SLIDER_BREAKPOINTS,
  slideCountsAt,
  slideCountVariables,
  toAutoplayOptions,
  toEmblaOptions,
} from './slider-settings';

describe('the spec sliders (section 9)', () => {
  it('deals: infinite, 1000 ms, autoplay 3000 ms, resize debounce 50 ms, shows 2 and scrolls 4', () => {
    expect(DEALS_SLIDER).toMatchObject({
      infinite: true,
      speed: 1000,
      autoplaySpeed: 3000,
      resizeDebounce: 50,
      slidesToShow: 2,
      slidesToScroll: 4,
    });
  });

  it('deals: 1 shown from 1424 px down, scrolling 3, then 2 from 1124 px, then 1 from 800 px', () => {
    expect(slideCountsAt(DEALS_SLIDER, 1600)).toEqual({ slidesToShow: 2, slidesToScroll: 4 });
    expect(slideCountsAt(DEALS_SLIDER, 1425)).toEqual({ slidesToShow: 2, slidesToScroll: 4 });
    expect(slideCountsAt(DEALS_SLIDER, 1424)).toEqual({ slidesToShow: 1, slidesToScroll: 3 });
    expect(slideCountsAt(DEALS_SLIDER, 1200)).toEqual({ slidesToShow: 1, slidesToScroll: 3 });
    expect(slideCountsAt(DEALS_SLIDER, 1124)).toEqual({ slidesToShow: 1, slidesToScroll: 2 });
    expect(slideCountsAt(DEALS_SLIDER, 900)).toEqual({ slidesToShow: 1, slidesToScroll: 2 });
    expect(slideCountsAt(DEALS_SLIDER, 800)).toEqual({ slidesToShow: 1, slidesToScroll: 1 });
    expect(slideCountsAt(DEALS_SLIDER, 375)).toEqual({ slidesToShow: 1, slidesToScroll: 1 });
  });

  it('departments: shows 4 and scrolls 1 at every width', () => {
    for (const width of [320, 800, 1600]) {
      expect(slideCountsAt(DEPARTMENTS_SLIDER, width)).toEqual({ slidesToShow: 4, slidesToScroll: 1 });
    }
  });
});

describe('toEmblaOptions', () => {
  it('maps infinite to loop, the scroll count and each breakpoint to a max-width media query', () => {
    const options = toEmblaOptions(DEALS_SLIDER, { direction: 'ltr', reducedMotion: false });
    expect(options).toMatchObject({ loop: true, align: 'start', direction: 'ltr', slidesToScroll: 4, watchFocus: true, inViewThreshold: 0.5 });
    expect(options.breakpoints).toEqual({
      '(max-width: 1424px)': { slidesToScroll: 3 },
      '(max-width: 1124px)': { slidesToScroll: 2 },
      '(max-width: 800px)': { slidesToScroll: 1 },
    });
    // Embla applies matching breakpoints in order: the narrowest must come last to win.
    expect(Object.keys(options.breakpoints ?? {})).toEqual(['(max-width: 1424px)', '(max-width: 1124px)', '(max-width: 800px)']);
    expect(typeof options.watchResize).toBe('function');
  });

  it('slides right-to-left for Arabic', () => {
    expect(toEmblaOptions(DEPARTMENTS_SLIDER, { direction: 'rtl', reducedMotion: false })).toMatchObject({
      direction: 'rtl',
      slidesToScroll: 1,
      breakpoints: {},
    });
  });

  it('turns 1000 ms into the Embla duration whose scroll settles in about a second', () => {
    const { duration } = toEmblaOptions(DEALS_SLIDER, { direction: 'ltr', reducedMotion: false });
    expect(duration).toBe(emblaDurationFor(1000));
    expect(Math.abs(emblaSettleTime(duration!) - 1000)).toBeLessThan(100);
  });

  it('jumps without animation when the shopper prefers reduced motion', () => {
    expect(toEmblaOptions(DEALS_SLIDER, { direction: 'ltr', reducedMotion: true }).duration).toBe(0);
  });
});

describe('emblaSettleTime', () => {
  it('grows with the duration, and is nothing for an instant scroll', () => {
    expect(emblaSettleTime(0)).toBe(0);
    expect(emblaSettleTime(20)).toBeLessThan(emblaSettleTime(40));
    expect(emblaSettleTime(40)).toBeLessThan(emblaSettleTime(60));
  });
});

describe('toAutoplayOptions', () => {
  it('plays every 3000 ms and pauses on hover and focus, resuming after', () => {
    expect(toAutoplayOptions(DEALS_SLIDER)).toEqual({
      delay: 3000,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    });
  });
});

describe('slideBasisSx', () => {
  it('gives each slide 100% / slidesToShow, overridden per breakpoint', () => {
    expect(slideBasisSx(DEALS_SLIDER)).toEqual({
      flex: '0 0 50%',
      '@media (max-width: 1424px)': { flexBasis: '100%' },
      '@media (max-width: 1124px)': { flexBasis: '100%' },
      '@media (max-width: 800px)': { flexBasis: '100%' },
    });
    expect(slideBasisSx(DEPARTMENTS_SLIDER)).toEqual({ flex: '0 0 25%' });
  });
});

describe('slide widths in CSS', () => {
  it('has a rule in app/shop.css for every breakpoint a slider of the shop uses', () => {
    for (const settings of [DEALS_SLIDER, DEPARTMENTS_SLIDER, PRODUCT_ROW_SLIDER]) {
      for (const { breakpoint } of settings.responsive) expect(SLIDER_BREAKPOINTS).toContain(breakpoint);
    }
  });

  it('gives each breakpoint the count slideCountsAt gives its width', () => {
    const variables = slideCountVariables(DEALS_SLIDER);
    expect(variables['--slides']).toBe('2');
    expect(variables['--slides-1424']).toBe('1');
    expect(variables['--slides-1200']).toBe('1');
    expect(variables['--slides-900']).toBe('1');
    expect(slideCountVariables(PRODUCT_ROW_SLIDER)).toMatchObject({ '--slides': '5', '--slides-1424': '5', '--slides-1200': '4', '--slides-1124': '4', '--slides-900': '3', '--slides-800': '3', '--slides-600': '2' });
  });
});
