import type { Subcategory, SubcategoryPageResponse } from '@dukkan/contracts/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import i18next, { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, answerWith, type Answer, categoryProductsAnswer, failure } from '../../test/api-server';
import { aisleFacets, product, productPage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

import { DepartmentPage } from './department-page';
import { dealsOf } from './department-sections';
import { DEPARTMENTS } from './departments';

const department = (name: string) => DEPARTMENTS.find((entry) => entry.name === name)!;
const electronics = department('electronics');
const patio = department('Patio&Garden');
const beauty = department('Beauty');
const fashion = department('Fashion');
const baby = department('Baby');

function pagedProducts(total: number, brandOf: (n: number) => string = () => 'Acme') {
  return (url: URL) =>
    productPage(Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('pageSize') ?? 24), total, (n) =>
      product(n, { title: `${i18next.language === 'ar' ? 'منتج' : 'Item'} ${n}`, price: n + 0.5, brand: brandOf(n) }),
    );
}

const subcategories: Subcategory[] = [
  { _id: '00000000-0000-4000-8000-000000002001', name: 'electronics-tablets', label: 'Tablets', image: '/images/subcategories/electronics-tablets.svg', category: 'electronics' },
  { _id: '00000000-0000-4000-8000-000000002002', name: 'electronics-audio', label: 'Audio', image: '/images/subcategories/electronics-audio.svg', category: 'electronics' },
];
const subcategoryPage = http.get<never, never, Answer<SubcategoryPageResponse>>(`${API}/subcategories`, () =>
  HttpResponse.json({ data: subcategories, page: 1, pageSize: 100, total: subcategories.length }),
);

/** A slider, once its products are there (while loading, its section has the name). */
async function findCarousel(name: string) {
  return waitFor(() => {
    const region = screen.getByRole('region', { name });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    return region;
  });
}

/** The department's full grid: the section named "All {name} products". */
async function allProducts(name: string) {
  return screen.findByRole('region', { name: `All ${name} products` });
}

describe('dealsOf', () => {
  it('takes the lowest prices first', () => {
    const products = [{ price: 5 }, { price: 1 }, { price: 3 }, { price: 2 }];
    expect(dealsOf(products, 3)).toEqual([{ price: 1 }, { price: 2 }, { price: 3 }]);
  });
});

describe('DepartmentPage', () => {
  it("shows the department's name, banner text and products from its category", async () => {
    const requests = answerWith(categoryProductsAnswer('Beauty', pagedProducts(3)));
    renderWithProviders(<DepartmentPage department={beauty} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Beauty' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More texture less frizz' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();

    const grid = await allProducts('Beauty');
    const cards = await within(grid).findAllByRole('article');
    expect(cards).toHaveLength(3);

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Item 1' })).toHaveAttribute('href', `/details/${product(1)._id}`);
    expect(cards[0]).toHaveTextContent('Now $1.50');
    const image = first.getByRole('img', { name: 'Item 1' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '600');
    expect(first.getByRole('button', { name: 'Add, Item 1' })).toHaveTextContent('Add');
    expect(first.getByRole('button', { name: 'Add to wish list, Item 1' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    expect(requests[0]!.url.searchParams.get('page')).toBe('1');
    expect(requests[0]!.headers.get('lng')).toBe('en');
  });

  it('encodes the slug in the API path, and its deals slider shares the grid’s request', async () => {
    const requests = answerWith(categoryProductsAnswer('Patio%26Garden', pagedProducts(3)));
    renderWithProviders(<DepartmentPage department={patio} />);
    await allProducts('Patio & Garden');
    expect((await screen.findAllByRole('link', { name: 'Item 1' })).length).toBeGreaterThanOrEqual(2);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/api/product/category/Patio%26Garden');
  });

  it('shows promo banners and a Deals slider of the lowest prices on Patio & Garden', async () => {
    answerWith(categoryProductsAnswer('Patio%26Garden', pagedProducts(3)));
    renderWithProviders(<DepartmentPage department={patio} />);
    expect(screen.getByRole('heading', { name: 'Fire up the grill' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grow a greener garden' })).toBeInTheDocument();
    const [grill] = screen.getAllByRole('link', { name: 'Shop now' });
    expect(grill).toHaveAttribute('href', '/Patio&Garden?subcategory=patio-and-garden-grills-outdoor-cooking#all-products');

    const deals = await findCarousel('Deals');
    const slides = within(deals).getAllByRole('group');
    expect(slides.map((slide) => within(slide).getByRole('link', { name: /^Item/ }).textContent)).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(slides[0]).toHaveAttribute('aria-label', '1 of 3');
    expect(within(deals).getByRole('link', { name: 'View all Deals' })).toHaveAttribute('href', '/Patio&Garden#all-products');
    expect(within(deals).getByRole('button', { name: 'Previous slides' })).toBeInTheDocument();
    expect(within(deals).getByRole('button', { name: 'Next slides' })).toBeInTheDocument();
  });

  it('electronics: Apple deals (brand Apple only), tech tiles to filtered views, and "Refresh your outdoors"', async () => {
    const requests = answerWith(
      categoryProductsAnswer('electronics', pagedProducts(6, (n) => (n % 2 === 0 ? 'Apple' : 'Sony'))),
      subcategoryPage,
    );
    renderWithProviders(<DepartmentPage department={electronics} />);

    const apple = await findCarousel('Apple deals');
    const appleSlides = await within(apple).findAllByRole('group');
    expect(appleSlides.map((slide) => within(slide).getByRole('link', { name: /^Item/ }).textContent)).toEqual(['Item 2', 'Item 4', 'Item 6']);
    expect(within(apple).getByRole('link', { name: 'View all Apple deals' })).toHaveAttribute('href', '/search?q=Apple');

    const tiles = screen.getByRole('region', { name: 'Shop tech' });
    expect(within(tiles).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Tech savings', '/electronics#all-products'],
      ['Cell phones', '/electronics?subcategory=electronics-cell-phones#all-products'],
      ['Video games', '/electronics?subcategory=electronics-video-games#all-products'],
      ['Smart TVs', '/electronics?subcategory=electronics-smart-tvs#all-products'],
      ['Tablets', '/electronics?subcategory=electronics-tablets#all-products'],
      ['Computers', '/electronics?subcategory=electronics-computers#all-products'],
    ]);

    const outdoors = screen.getByRole('region', { name: 'Refresh your outdoors' });
    expect(within(outdoors).getByRole('link', { name: 'View all Refresh your outdoors' })).toHaveAttribute(
      'href',
      '/electronics?subcategory=electronics-audio#all-products',
    );
    await within(outdoors).findAllByRole('article');
    const audio = requests.find((request) => request.url.searchParams.get('subcategory') === 'electronics-audio');
    expect(audio?.url.searchParams.get('pageSize')).toBe('6');
  });

  it('fashion: "Refresh your outdoors" and "New spring arrivals" with View all, and banners for her and for him', async () => {
    answerWith(categoryProductsAnswer('Fashion', pagedProducts(4)));
    renderWithProviders(<DepartmentPage department={fashion} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Spring fashion refresh' })).toBeInTheDocument();
    const outdoors = await findCarousel('Refresh your outdoors');
    expect(within(outdoors).getByRole('link', { name: /^View all/ })).toHaveAttribute('href', '/fashion?subcategory=fashion-activewear#all-products');
    const arrivals = await findCarousel('New spring arrivals');
    expect(within(arrivals).getByRole('link', { name: /^View all/ })).toHaveAttribute('href', '/fashion?subcategory=fashion-womens-clothing#all-products');
    expect(screen.getByRole('heading', { name: 'New looks for her' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Easy style for him' })).toBeInTheDocument();
  });

  it("Baby's promo below the list opens its subcategory at the list", async () => {
    answerWith(categoryProductsAnswer('Baby', pagedProducts(2)));
    renderWithProviders(<DepartmentPage department={baby} />);
    await allProducts('Baby');
    expect(screen.getByRole('heading', { name: 'Up to 20% off activity & gear' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/Baby?subcategory=baby-activity-gear#all-products');
  });

  it('with ?subcategory= narrows the list to that subcategory, under its name, below the sliders', async () => {
    const facets = aisleFacets({ subcategory: [{ value: 'electronics-tablets', label: 'Tablets', count: 2 }] });
    const requests = answerWith(
      categoryProductsAnswer('electronics', (url) => ({ ...pagedProducts(url.searchParams.has('subcategory') ? 2 : 6)(url), facets })),
      subcategoryPage,
    );
    renderWithProviders(<DepartmentPage department={electronics} />, { path: '/electronics?subcategory=electronics-tablets' });
    const list = await screen.findByRole('region', { name: 'Tablets in Electronics' });
    expect(await within(list).findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Shop tech' })).toBeInTheDocument();
    expect(within(list).getByRole('checkbox', { name: 'Tablets (2)' })).toBeChecked();
    expect(within(list).getByRole('link', { name: 'Tablets, remove filter' })).toHaveAttribute('href', '/electronics');
    const aisleRequests = requests.filter((request) => request.url.searchParams.getAll('subcategory').length > 0);
    expect(aisleRequests.map((request) => request.url.searchParams.getAll('subcategory'))).toContainEqual(['electronics-tablets']);
  });

  it('offers to try again when the products cannot be loaded', async () => {
    answerWith(http.get(`${API}/product/category/Beauty`, () => failure(500, 'INTERNAL', 'boom')));
    renderWithProviders(<DepartmentPage department={beauty} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the products.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('fetches the products again, in Arabic, when the language changes', async () => {
    const requests = answerWith(categoryProductsAnswer('Beauty', pagedProducts(2)));
    renderWithProviders(<DepartmentPage department={beauty} />);
    await screen.findByRole('link', { name: 'Item 1' });

    await changeLanguage('ar');

    expect(await screen.findByRole('link', { name: 'منتج 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'الجمال' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Item 1' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.headers.get('lng'))).toEqual(['en', 'ar']);
  });
});
