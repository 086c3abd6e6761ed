import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { adminApi } from '../app/api';
import { json, renderAdmin, stubApi, type Call } from '../test/harness';

const HEADER = 'id,category,status,title_en,title_ar,description_en,description_ar,brand_en,brand_ar,price,list_price,quantity';
const BAD = `${HEADER}\n,Grocery,draft,Mango,مانجو,Sweet,حلوة,Farm,مزرعة,abc,,5\n,Nowhere,draft,Kiwi,كيوي,Green,أخضر,Farm,مزرعة,2,,x\n`;
const GOOD = `${HEADER}\n,Grocery,draft,Mango,مانجو,Sweet,حلوة,Farm,مزرعة,4.50,,5\n`;

const imports = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/products/import');

describe('import', () => {
  it('shows a dry run’s errors by line and column, then imports the fixed file with progress', async () => {
    let polls = 0;
    const calls = stubApi((call) => {
      if (call.url.pathname === '/api/admin/products/import') {
        if (call.body.includes('abc')) {
          return json(400, {
            errors: [
              { line: 2, column: 'price', message: 'price must be a number of dollars' },
              { line: 3, column: 'category', message: 'No department named Nowhere' },
              { line: 3, column: 'quantity', message: 'quantity must be a whole number from 0' },
            ],
          });
        }
        if (call.url.searchParams.get('dryRun') === '1') return json(200, { data: { created: 1, updated: 0 } });
        return json(202, { data: { importId: 'imp1' } });
      }
      if (call.url.pathname === '/api/admin/imports/imp1') {
        polls += 1;
        return polls < 2
          ? json(200, { data: { status: 'applying', rowsChecked: 0, total: 1, created: 0, updated: 0, errors: [] } })
          : json(200, { data: { status: 'done', rowsChecked: 1, total: 1, created: 1, updated: 0, errors: [] } });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download products.csv' })).toHaveAttribute('href', '/api/admin/products/export.csv');

    await user.upload(screen.getByLabelText('CSV file'), new File([BAD], 'products.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: /3 problems found/ });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2', 'price', 'price must be a number of dollars'],
      ['3', 'category', 'No department named Nowhere'],
      ['3', 'quantity', 'quantity must be a whole number from 0'],
    ]);
    expect(imports(calls)).toHaveLength(1);
    expect(imports(calls)[0]!.url.searchParams.get('dryRun')).toBe('1');
    expect(imports(calls)[0]!.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(imports(calls)[0]!.body).toBe(BAD);
    expect(screen.queryByRole('button', { name: 'Import now' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('CSV file'), new File([GOOD], 'fixed.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('The file is valid: 1 to create, 0 to update.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Imported: 1 created, 0 updated.')).toBeInTheDocument();
    const real = imports(calls)[2]!;
    expect(real.url.searchParams.get('dryRun')).toBeNull();
    expect(real.body).toBe(GOOD);
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(2));
  });

  it('refreshes the product lists once the background import is done, not only when it starts', async () => {
    let polls = 0;
    const calls = stubApi((call) => {
      if (call.url.pathname === '/api/admin/products/import') {
        if (call.url.searchParams.get('dryRun') === '1') return json(200, { data: { created: 1, updated: 0 } });
        return json(202, { data: { importId: 'imp2' } });
      }
      if (call.url.pathname === '/api/admin/imports/imp2') {
        polls += 1;
        return polls < 3
          ? json(200, { data: { status: 'applying', rowsChecked: 0, total: 1, created: 0, updated: 0, errors: [] } })
          : json(200, { data: { status: 'done', rowsChecked: 1, total: 1, created: 1, updated: 0, errors: [] } });
      }
      if (call.url.pathname === '/api/admin/products') return json(200, { data: [], total: 0 });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const { store } = await renderAdmin('/admin/import');
    // A list some other screen keeps open.
    const list = store.dispatch(adminApi.endpoints.listProducts.initiate({ page: 1, pageSize: 25 }));
    const lists = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/products');
    await waitFor(() => expect(lists()).toHaveLength(1));

    await user.upload(await screen.findByLabelText('CSV file'), new File([GOOD], 'fixed.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Imported: 1 created, 0 updated.')).toBeInTheDocument();

    // The poll that said `done` is the last one; a list asked after it has the imported rows.
    const done = calls.map((c) => c.url.pathname).lastIndexOf('/api/admin/imports/imp2');
    await waitFor(() => expect(calls.indexOf(lists().at(-1)!)).toBeGreaterThan(done));
    list.unsubscribe();
  });

  it('says a background import failed, and that nothing was changed, when its progress reports it', async () => {
    stubApi((call) => {
      if (call.url.pathname === '/api/admin/products/import') {
        if (call.url.searchParams.get('dryRun') === '1') return json(200, { data: { created: 1, updated: 0 } });
        return json(202, { data: { importId: 'imp3' } });
      }
      if (call.url.pathname === '/api/admin/imports/imp3') {
        return json(200, { data: { status: 'failed', rowsChecked: 1, total: 1, created: 0, updated: 0, errors: [] } });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await user.upload(await screen.findByLabelText('CSV file'), new File([GOOD], 'fixed.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('The import failed; nothing was changed. Try again.')).toBeInTheDocument();
    expect(screen.queryByText(/failed: failed/)).not.toBeInTheDocument();
  });
});
