import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { DEALS_SLIDER } from '../lib/slider-settings';
import { renderWithProviders } from '../test/render';

import { Carousel } from './carousel';

// Embla cannot measure anything in jsdom: a stand-in records what the slider asks of it.
const embla = vi.hoisted(() => ({
  scrollNext: vi.fn<() => void>(),
  scrollPrev: vi.fn<() => void>(),
  /** The slides Embla finds in view; none until it has measured them. */
  inView: [] as number[],
  calls: [] as { options: Record<string, unknown>; autoplay: Record<string, unknown> | null }[],
}));

vi.mock('../lib/use-deferred-embla', () => {
  // One API object, as the real hook keeps its instance between renders.
  const api = {
    scrollNext: () => embla.scrollNext(),
    scrollPrev: () => embla.scrollPrev(),
    canScrollNext: () => true,
    canScrollPrev: () => true,
    slidesInView: () => embla.inView,
    slideNodes: () => [] as HTMLElement[],
    on: () => api,
    off: () => api,
  };
  const viewportRef = () => undefined;
  return {
    useDeferredEmbla: (options: Record<string, unknown>, autoplay: Record<string, unknown> | null) => {
      embla.calls.push({ options, autoplay });
      return [viewportRef, api];
    },
  };
});

function renderCarousel() {
  return renderWithProviders(
    <>
      <h2 id="deals">Deals</h2>
      <Carousel
        labelledBy="deals"
        header={<span>Deals</span>}
        settings={DEALS_SLIDER}
        slides={['A', 'B', 'C'].map((name) => ({ key: name, content: <a href={`#${name}`}>Item {name}</a> }))}
      />
    </>,
  );
}

const lastCall = () => embla.calls.at(-1)!;

describe('Carousel', () => {
  beforeEach(() => {
    embla.calls.length = 0;
    embla.inView = [];
    embla.scrollNext.mockClear();
    embla.scrollPrev.mockClear();
  });

  it('is a named carousel region of labelled slides', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Deals' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    expect(within(slides[1]!).getByRole('link', { name: 'Item B' })).toBeInTheDocument();
  });

  it('keeps the focus off slides out of view: their content is inert once Embla has measured them', () => {
    embla.inView = [0];
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Deals' });
    const [first, second, third] = within(region).getAllByRole('group');
    expect(within(first!).getByRole('link', { name: 'Item A' }).closest('[inert]')).toBeNull();
    // (jsdom keeps inert content in the tab order: e2e/tests/browsing.spec.ts tabs in Chromium.)
    for (const slide of [second!, third!]) expect(slide.querySelector('[inert] a')).not.toBeNull();
  });

  it('leaves every slide focusable until Embla has measured what is in view', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Deals' }).querySelector('[inert]')).toBeNull();
  });

  it('hands Embla the spec settings and autoplays with them', () => {
    renderCarousel();
    expect(lastCall().options).toMatchObject({ loop: true, slidesToScroll: 4, direction: 'ltr' });
    expect(lastCall().autoplay).toMatchObject({ delay: 3000 });
  });

  it('moves with the previous / next buttons', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Next slides' }));
    expect(embla.scrollNext).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Previous slides' }));
    expect(embla.scrollPrev).toHaveBeenCalledTimes(1);
  });

  it('moves with the arrow keys from anything focused inside it', async () => {
    const user = userEvent.setup();
    renderCarousel();
    screen.getByRole('link', { name: 'Item A' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(embla.scrollNext).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowLeft}');
    expect(embla.scrollPrev).toHaveBeenCalledTimes(1);
  });

  it('mirrors the arrow keys and the slide direction in Arabic', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    renderCarousel();
    expect(lastCall().options).toMatchObject({ direction: 'rtl' });
    screen.getByRole('link', { name: 'Item A' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(embla.scrollNext).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'الشرائح التالية' })).toBeInTheDocument();
  });

  it('stops and restarts autoplay with its pause / play button', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Pause automatic sliding' }));
    expect(lastCall().autoplay).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play automatic sliding' }));
    expect(lastCall().autoplay).toMatchObject({ delay: 3000 });
  });

  it('does not autoplay, and jumps instead of gliding, for shoppers who prefer reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    renderCarousel();
    expect(lastCall().autoplay).toBeNull();
    expect(lastCall().options).toMatchObject({ duration: 0 });
    expect(screen.getByRole('button', { name: 'Play automatic sliding' })).toBeInTheDocument();
  });
});
