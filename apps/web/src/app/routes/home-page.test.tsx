import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { answerWith, categoriesAnswer, categoryProductsAnswer } from '../../test/api-server';
import { category, product, productPage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

import { HOME_GROCERY_COUNT, HomePage } from './home-page';
import { HOME_VIDEO, VIDEO_START_DELAY_MS } from './home-video';

function mockHome() {
  return answerWith(
    categoriesAnswer([category('Grocery', 'Grocery', 1), category('electronics', 'Electronics', 2)]),
    categoryProductsAnswer('Grocery', productPage(1, 24, 20, (n) => product(n, { title: `Grocery ${n}` }))),
  );
}

async function findCarousel(name: string) {
  return waitFor(() => {
    const region = screen.getByRole('region', { name });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    return region;
  });
}

describe('HomePage', () => {
  it('"Renew your everything": a slider of Grocery products whose View all opens Grocery', async () => {
    const requests = mockHome();
    renderWithProviders(<HomePage />);
    const renew = await findCarousel('Renew your everything');
    expect(within(renew).getAllByRole('group')).toHaveLength(HOME_GROCERY_COUNT);
    expect(within(renew).getByRole('link', { name: 'Grocery 1' })).toBeInTheDocument();
    expect(within(renew).getByRole('link', { name: 'View all Renew your everything' })).toHaveAttribute('href', '/Grocery');
    // The Grocery page's own first page: one request serves both.
    const grocery = requests.find((request) => request.url.pathname === '/api/product/category/Grocery')!;
    expect(grocery.url.searchParams.get('pageSize')).toBeNull();
  });

  it('shows the poster, then plays our own muted, looping video in its place, with a pause button', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      mockHome();
      const { container } = renderWithProviders(<HomePage />);
      // The poster (the video's first frame) first: no video element while the page starts.
      expect(container.querySelector('video')).toBeNull();
      expect(container.querySelector('.dk-home-video img')).toHaveAttribute('src', HOME_VIDEO.poster);
      const pause = screen.getByRole('button', { name: 'Pause video' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(VIDEO_START_DELAY_MS - 100);
      });
      expect(container.querySelector('video')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_100);
      });
      const video = container.querySelector('video')!;
      expect(video).toHaveAttribute('src', HOME_VIDEO.src);
      expect(video).toHaveAttribute('poster', HOME_VIDEO.poster);
      expect(video.muted).toBe(true);
      expect(video).toHaveAttribute('loop');
      expect(video).toHaveAttribute('playsinline');
      expect(video).toHaveAttribute('aria-hidden', 'true');
      expect(container.querySelector('.dk-home-video img')).toBeNull();
      expect(pause).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a pause chosen before the video took the poster\'s place', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const play = vi.spyOn(window.HTMLMediaElement.prototype, 'play');
    try {
      mockHome();
      const { container } = renderWithProviders(<HomePage />);
      fireEvent.click(screen.getByRole('button', { name: 'Pause video' }));
      expect(screen.getByRole('button', { name: 'Play video' })).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(VIDEO_START_DELAY_MS + 1_000);
      });
      expect(container.querySelector('video')).not.toBeNull();
      expect(play).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
      expect(play).toHaveBeenCalledTimes(1);
    } finally {
      play.mockRestore();
      vi.useRealTimers();
    }
  });

  it('"Get it all right here": the departments slider, each linking to its page', async () => {
    mockHome();
    renderWithProviders(<HomePage />);
    const departments = await findCarousel('Get it all right here');
    expect(within(departments).getByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/electronics');
    expect(within(departments).getAllByRole('group')).toHaveLength(2);
  });
});
