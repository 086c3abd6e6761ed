import type { AisleFacets } from '@dukkan/contracts/aisle';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';

import { answerWith, categoryProductsAnswer } from '../../test/api-server';
import { aisleFacets, product, productPage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

import { DepartmentPage } from './department-page';
import { DEPARTMENTS } from './departments';

const grocery = DEPARTMENTS.find((entry) => entry.name === 'Grocery')!;

const facets: AisleFacets = aisleFacets({
  brand: [
    { value: 'Acme', label: 'Acme', count: 12 },
    { value: 'Zed', label: 'Zed', count: 3 },
  ],
  subcategory: [{ value: 'grocery-snacks', label: 'Snacks', count: 20 }],
  rating: [
    { value: 4, count: 10 },
    { value: 3, count: 20 },
    { value: 2, count: 30 },
    { value: 1, count: 36 },
  ],
  price: { min: 1.5, max: 40 },
  inStock: 30,
  onSale: 5,
});

/** The Grocery aisle: 36 products, 12 when narrowed to Acme. */
function groceryAnswer() {
  return categoryProductsAnswer('Grocery', (url) => {
    const total = url.searchParams.getAll('brand').includes('Acme') ? 12 : 1234;
    return productPage(Number(url.searchParams.get('page') ?? 1), 24, total, (n) => product(n, { title: `Item ${n}` }), facets);
  });
}

function aisleRequests(requests: { url: URL }[]) {
  return requests.filter((request) => request.url.pathname === '/api/product/category/Grocery').map((request) => request.url.searchParams);
}

describe('a department aisle', () => {
  it('shows the count, the sort, the filters with counts and numbered pages', async () => {
    answerWith(groceryAnswer());
    renderWithProviders(<DepartmentPage department={grocery} />, { path: '/Grocery' });
    const list = await screen.findByRole('region', { name: 'All Grocery products' });
    expect(await within(list).findByRole('status')).toHaveTextContent('1,234 results');
    const sort = within(list).getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Featured',
      'Price: low to high',
      'Price: high to low',
      'Newest',
      'Top rated',
    ]);
    const filters = within(list).getByRole('form', { name: 'Filters' });
    expect(filters).toHaveAttribute('method', 'get');
    expect(filters).toHaveAttribute('action', '/Grocery');
    expect(sort).toHaveAttribute('form', filters.id);
    expect(within(filters).getByRole('group', { name: 'Subcategory' })).toBeInTheDocument();
    expect(within(filters).queryByRole('group', { name: 'Department' })).not.toBeInTheDocument();
    const brands = within(filters).getByRole('group', { name: 'Brand' });
    expect(within(brands).getAllByRole('checkbox').map((box) => [box.getAttribute('name'), box.getAttribute('value')])).toEqual([
      ['brand', 'Acme'],
      ['brand', 'Zed'],
    ]);
    expect(within(brands).getByRole('checkbox', { name: 'Acme (12)' })).not.toBeChecked();
    expect(within(filters).getByRole('spinbutton', { name: 'Minimum' })).toHaveAttribute('name', 'minPrice');
    expect(within(filters).getByRole('spinbutton', { name: 'Maximum' })).toHaveAttribute('name', 'maxPrice');
    expect(within(filters).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      '4 stars & up (10)',
      '3 stars & up (20)',
      '2 stars & up (30)',
      '1 star & up (36)',
    ]);
    expect(within(filters).getByRole('checkbox', { name: 'In stock only (30)' })).toHaveAttribute('value', '1');
    expect(within(filters).getByRole('checkbox', { name: 'On sale (5)' })).toHaveAttribute('name', 'onSale');
    expect(within(filters).getByRole('button', { name: 'Apply' })).toHaveAttribute('type', 'submit');
    const pages = within(list).getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getAllByRole('link').map((link) => link.textContent)).toEqual(['1', '2', '3', null, '52', 'Next'].filter(Boolean));
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/Grocery?page=2');
  });

  it('applies a choice at once through the address, keeps the focus on the control, and clears it again', async () => {
    const user = userEvent.setup();
    const requests = answerWith(groceryAnswer());
    const { router } = renderWithProviders(<DepartmentPage department={grocery} />, { path: '/Grocery' });
    const list = await screen.findByRole('region', { name: 'All Grocery products' });
    await within(list).findByText('1,234 results');

    const acme = within(list).getByRole('checkbox', { name: 'Acme (12)' });
    await user.click(acme);
    expect(router.state.location.search).toBe('?brand=Acme');
    expect(await within(list).findByRole('status')).toHaveTextContent('12 results');
    expect(within(list).getByRole('checkbox', { name: 'Acme (12)' })).toBeChecked();
    expect(within(list).getByRole('checkbox', { name: 'Acme (12)' })).toHaveFocus();
    expect(within(list).getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();

    await user.selectOptions(within(list).getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    expect(router.state.location.search).toBe('?brand=Acme&sort=price_asc');
    expect(within(list).getByRole('combobox', { name: 'Sort by' })).toHaveFocus();
    await waitFor(() => expect(aisleRequests(requests).at(-1)?.getAll('sort')).toEqual(['price_asc']));
    expect(aisleRequests(requests).at(-1)?.getAll('brand')).toEqual(['Acme']);

    const minimum = within(list).getByRole('spinbutton', { name: 'Minimum' });
    await user.type(minimum, '5{Enter}');
    expect(router.state.location.search).toBe('?brand=Acme&minPrice=5&sort=price_asc');

    const chips = within(list).getByRole('list', { name: 'Chosen filters' });
    expect(within(chips).getByRole('link', { name: 'Acme, remove filter' })).toHaveAttribute('href', '/Grocery?minPrice=5&sort=price_asc');
    expect(within(chips).getByRole('link', { name: 'From $5.00, remove filter' })).toHaveAttribute('href', '/Grocery?brand=Acme&sort=price_asc');
    await user.click(within(chips).getByRole('link', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('?sort=price_asc');
    expect(within(list).queryByRole('list', { name: 'Chosen filters' })).not.toBeInTheDocument();
    expect(within(list).getByRole('checkbox', { name: 'Acme (12)' })).not.toBeChecked();

    await router.navigate(-1);
    await waitFor(() => expect(within(list).getByRole('checkbox', { name: 'Acme (12)' })).toBeChecked());
    expect(within(list).getByRole('spinbutton', { name: 'Minimum' })).toHaveValue(5);
  });

  it('pages through the list in the address', async () => {
    const user = userEvent.setup();
    const requests = answerWith(groceryAnswer());
    const { router } = renderWithProviders(<DepartmentPage department={grocery} />, { path: '/Grocery?sort=newest' });
    const list = await screen.findByRole('region', { name: 'All Grocery products' });
    const pages = await within(list).findByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('link', { name: '2' }));
    expect(router.state.location.search).toBe('?sort=newest&page=2');
    expect(await within(list).findByRole('link', { name: 'Item 25' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/Grocery?sort=newest');
    expect(aisleRequests(requests).at(-1)?.get('page')).toBe('2');
  });

  it('opens the filters in a dialog from the Filters button, and speaks Arabic', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    answerWith(groceryAnswer());
    renderWithProviders(<DepartmentPage department={grocery} />, { path: '/Grocery?brand=Acme&rating=4' });
    const button = await screen.findByRole('button', { name: 'التصفية (2)' });
    expect(await screen.findByText('12 نتيجة')).toBeInTheDocument();
    await user.click(button);
    // The dialog's code loads when it first opens.
    const dialog = await screen.findByRole('dialog', { name: 'التصفية (2)' }, { timeout: 5000 });
    expect(within(dialog).getByRole('checkbox', { name: 'Acme (12)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '4 نجوم فأكثر (10)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
