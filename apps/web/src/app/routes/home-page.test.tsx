import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockFetch, on } from '../../test/fetch-mock';
import { category, product, productPage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

import { HOME_GROCERY_COUNT, HomePage } from './home-page';
import { HOME_VIDEO } from './home-video';

function mockHome() {
  return mockFetch(
    on('/api/categories/', { data: [category('Grocery', 'Grocery', 1), category('electronics', 'Electronics', 2)] }),
    on('/api/product/category/Grocery', productPage(1, 24, 20, (n) => product(n, { title: `Grocery ${n}` }))),
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

  it('plays our own muted, looping video with a poster beside it, with a pause button', () => {
    mockHome();
    const { container } = renderWithProviders(<HomePage />);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', HOME_VIDEO.src);
    expect(video).toHaveAttribute('poster', HOME_VIDEO.poster);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeInTheDocument();
  });

  it('"Get it all right here": the departments slider, each linking to its page', async () => {
    mockHome();
    renderWithProviders(<HomePage />);
    const departments = await findCarousel('Get it all right here');
    expect(within(departments).getByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/electronics');
    expect(within(departments).getAllByRole('group')).toHaveLength(2);
  });
});
