import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { adminApi } from '../app/api';
import { json, renderAdmin, stubApi, type Answer, type Call, type Handler, type PendingUpload } from '../test/harness';

const HEADER = 'id,category,status,title_en,title_ar,description_en,description_ar,brand_en,brand_ar,price,list_price,quantity';
const BAD = `${HEADER}\n,Grocery,draft,Mango,مانجو,Sweet,حلوة,Farm,مزرعة,abc,,5\n,Nowhere,draft,Kiwi,كيوي,Green,أخضر,Farm,مزرعة,2,,x\n`;
const GOOD = `${HEADER}\n,Grocery,draft,Mango,مانجو,Sweet,حلوة,Farm,مزرعة,4.50,,5\n`;

const imports = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/products/import');

/**
 * The API of a file that checks clean with `dry`'s counts and imports in the background as
 * `importId`, whose progress is `progress()` at each poll.
 */
function backgroundImport(importId: string, dry: { created: number; updated: number }, progress: () => Answer): Handler {
  return (call) => {
    if (call.url.pathname === '/api/admin/products/import') {
      return call.url.searchParams.get('dryRun') === '1' ? json(200, { data: dry }) : json(202, { data: { importId } });
    }
    return call.url.pathname === `/api/admin/imports/${importId}` ? progress() : undefined;
  };
}

/** Chooses the good file, checks it and confirms the import, as an owner would. */
async function importGoodFile(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.upload(await screen.findByLabelText('CSV file'), new File([GOOD], 'fixed.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  await user.click(await screen.findByRole('button', { name: 'Import now' }));
}

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
    expect(screen.queryByRole('table', { name: /problems found/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Imported: 1 created, 0 updated.')).toBeInTheDocument();
    const real = imports(calls)[2]!;
    expect(real.url.searchParams.get('dryRun')).toBeNull();
    expect(real.body).toBe(GOOD);
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(2));
  });

  it('shows how many products the import has written while it applies them', async () => {
    let finish = false;
    stubApi(
      backgroundImport('imp3', { created: 40, updated: 2 }, () =>
        finish
          ? json(200, { data: { status: 'done', rowsChecked: 42, total: 42, created: 40, updated: 2, errors: [] } })
          : json(200, { data: { status: 'applying', rowsChecked: 42, total: 42, created: 30, updated: 2, errors: [] } }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await importGoodFile(user);

    const status = await screen.findByText('Importing… 32 products created or changed so far');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(/42 of 42 rows/)).not.toBeInTheDocument();
    finish = true;
    expect(await screen.findByText('Imported: 40 created, 2 updated.')).toBeInTheDocument();
  });

  it('refreshes the product lists once the background import is done, not only when it starts', async () => {
    let polls = 0;
    const importing = backgroundImport('imp2', { created: 1, updated: 0 }, () => {
      polls += 1;
      return polls < 3
        ? json(200, { data: { status: 'applying', rowsChecked: 0, total: 1, created: 0, updated: 0, errors: [] } })
        : json(200, { data: { status: 'done', rowsChecked: 1, total: 1, created: 1, updated: 0, errors: [] } });
    });
    const calls = stubApi((call) => (call.url.pathname === '/api/admin/products' ? json(200, { data: [], total: 0 }) : importing(call)));
    const user = userEvent.setup({ delay: null });
    const { store } = await renderAdmin('/admin/import');
    // A list some other screen keeps open.
    const list = store.dispatch(adminApi.endpoints.listProducts.initiate({ page: 1, pageSize: 25 }));
    const lists = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/products');
    await waitFor(() => expect(lists()).toHaveLength(1));

    await importGoodFile(user);
    expect(await screen.findByText('Imported: 1 created, 0 updated.')).toBeInTheDocument();

    // The poll that said `done` is the last one; a list asked after it has the imported rows.
    const done = calls.map((c) => c.url.pathname).lastIndexOf('/api/admin/imports/imp2');
    await waitFor(() => expect(calls.indexOf(lists().at(-1)!)).toBeGreaterThan(done));
    list.unsubscribe();
  });

  it('says a background import failed, and that nothing was changed, when its progress reports it', async () => {
    stubApi(
      backgroundImport('imp3', { created: 1, updated: 0 }, () =>
        json(200, { data: { status: 'failed', rowsChecked: 1, total: 1, created: 0, updated: 0, errors: [] } }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await importGoodFile(user);
    expect(await screen.findByText('The import failed; nothing was changed. Try again.')).toBeInTheDocument();
    expect(screen.queryByText(/failed: failed/)).not.toBeInTheDocument();
  });

  it('says how many products a background import had written when it failed partway', async () => {
    stubApi(
      backgroundImport('imp4', { created: 300, updated: 0 }, () =>
        json(200, { data: { status: 'failed', rowsChecked: 300, total: 300, created: 150, updated: 0, errors: [] } }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await importGoodFile(user);
    expect(await screen.findByText(/^The import stopped after 150 products were created or changed; the rest were not imported\./)).toBeInTheDocument();
    expect(screen.queryByText(/nothing was changed/)).not.toBeInTheDocument();
  });

  it('shows the upload’s progress as the file’s bytes go up, with the same request and CSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-abc; path=/';
    const uploads: PendingUpload[] = [];
    const calls = stubApi(
      (call) => {
        if (call.url.pathname === '/api/admin/products/import') return json(202, { data: { importId: 'dry1' } });
        if (call.url.pathname === '/api/admin/imports/dry1') {
          return json(200, { data: { status: 'checked', rowsChecked: 1, total: 1, created: 1, updated: 0, errors: [], finishedAt: '2026-11-27T10:00:00.000Z' } });
        }
        return undefined;
      },
      { onUpload: (upload) => uploads.push(upload) },
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await user.upload(await screen.findByLabelText('CSV file'), new File([GOOD], 'fixed.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect(upload.call.method).toBe('POST');
    expect(upload.call.url.pathname).toBe('/api/admin/products/import');
    expect(upload.call.url.searchParams.get('dryRun')).toBe('1');
    expect(upload.call.url.searchParams.get('async')).toBe('1');
    expect(upload.call.headers.get('X-XSRF-TOKEN')).toBe('xsrf-abc');
    expect(upload.call.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(upload.call.body).toBe(GOOD);
    expect(imports(calls)).toEqual([upload.call]);

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => upload.progress(Math.ceil(upload.total / 4)));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('Uploading the file…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    act(() => upload.progress(upload.total));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100%')).toBeInTheDocument();

    act(() => upload.release());
    expect(await screen.findByText('The file is valid: 1 to create, 0 to update.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });

  it('shows the dry run’s rows checked while the API checks, and its counts only once it has finished', async () => {
    let polls = 0;
    const calls = stubApi((call) => {
      if (call.url.pathname === '/api/admin/products/import') return json(202, { data: { importId: 'dry2' } });
      if (call.url.pathname === '/api/admin/imports/dry2') {
        polls += 1;
        const running = { dryRun: true, created: 0, updated: 0, errors: [], finishedAt: null };
        if (polls < 3) return json(200, { data: { ...running, status: 'checking', rowsChecked: 1000 * polls, total: null } });
        // `checked` is written a moment before the counts: not finished yet.
        if (polls < 5) return json(200, { data: { ...running, status: 'checked', rowsChecked: 2500, total: 2500 } });
        return json(200, { data: { ...running, status: 'checked', rowsChecked: 2500, total: 2500, created: 2400, updated: 100, finishedAt: '2026-11-27T10:00:00.000Z' } });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await user.upload(await screen.findByLabelText('CSV file'), new File([GOOD], 'fixed.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText('Checking… 1,000 rows checked so far')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking…' })).toBeInTheDocument();
    expect(await screen.findByText('Checking… 2,000 rows checked so far')).toBeInTheDocument();
    expect(await screen.findByText('Checking… 2,500 of 2,500 rows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();

    expect(await screen.findByText('The file is valid: 2400 to create, 100 to update.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(polls).toBe(5);
    const sent = imports(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.searchParams.get('dryRun')).toBe('1');
    expect(sent[0]!.url.searchParams.get('async')).toBe('1');
    // No more polls once it reported its end.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(polls).toBe(5);
    expect(screen.getByRole('button', { name: 'Import now' })).toBeEnabled();
  });

  it('in Arabic, words each error in Arabic from its code, names the file’s column, and lists the department and subcategory keys', async () => {
    const calls = stubApi((call) => {
      if (call.url.pathname === '/api/subcategories') {
        return json(200, {
          data: [
            { _id: 'sc1', name: 'electronics-tablets', label: 'الأجهزة اللوحية', image: '', category: 'electronics' },
            { _id: 'sc2', name: 'electronics-audio', label: 'الصوتيات', image: '', category: 'electronics' },
            { _id: 'sc3', name: 'grocery-beverages', label: 'المشروبات', image: '', category: 'Grocery' },
          ],
          total: 3,
        });
      }
      if (call.url.pathname === '/api/admin/products/import') return json(202, { data: { importId: 'dry4' } });
      if (call.url.pathname === '/api/admin/imports/dry4') {
        return json(200, {
          data: {
            status: 'failed',
            dryRun: true,
            rowsChecked: 3,
            total: null,
            created: 0,
            updated: 0,
            // The API's English words: the screen words the errors itself, from their codes.
            errors: [
              { line: 2, column: 'title_ar', message: 'title_ar is required', code: 'required', params: {} },
              { line: 3, column: 'list_price', message: 'list_price must be above price', code: 'listPriceNotAbovePrice', params: {} },
              { line: 4, column: 'category', message: 'category "Toys" is not a department', code: 'categoryUnknown', params: { value: 'Toys', departments: ['electronics', 'Grocery'] } },
              { line: 5, column: 'quantity', message: 'An error of a newer API', code: 'somethingNew', params: {} },
            ],
            finishedAt: '2026-11-27T10:00:00.000Z',
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import', 'ar');

    const keys = await screen.findByRole('table', { name: 'مفاتيح العمودين category وsubcategory' });
    await waitFor(() => expect(within(keys).getAllByRole('row')[1]!.textContent).toContain('electronics-tablets'));
    const keyRows = within(keys).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(keyRows.slice(1)).toEqual([
      ['Electronics', 'electronics', 'electronics-tablets, electronics-audio'],
      ['Grocery', 'Grocery', 'grocery-beverages'],
    ]);
    expect(within(keys).getByRole('columnheader', { name: 'المفتاح (category)' })).toBeInTheDocument();
    // Asked in the screen's language, as the product editor asks them.
    expect(calls.find((c) => c.url.pathname === '/api/subcategories')?.url.searchParams.get('lng')).toBe('ar');

    await user.upload(screen.getByLabelText('ملف CSV'), new File([BAD], 'products.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'افحص الملف' }));
    const table = await screen.findByRole('table', { name: /لم يُستورد شيء/ });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2', 'title_ar', 'العمود title_ar مطلوب'],
      ['3', 'list_price', 'يجب أن يكون العمود list_price أكبر من price'],
      ['4', 'category', 'القيمة "Toys" في العمود category ليست قسمًا؛ استخدم أحد الأقسام: electronics، Grocery'],
      // A code this screen does not know: the API's own words.
      ['5', 'quantity', 'An error of a newer API'],
    ]);
  });

  it('shows a background dry run’s errors by line, as a synchronous one’s', async () => {
    stubApi((call) => {
      if (call.url.pathname === '/api/admin/products/import') return json(202, { data: { importId: 'dry3' } });
      if (call.url.pathname === '/api/admin/imports/dry3') {
        return json(200, {
          data: {
            status: 'failed',
            dryRun: true,
            rowsChecked: 2,
            total: null,
            created: 0,
            updated: 0,
            errors: [
              { line: 2, column: 'price', message: 'price must be a number of dollars' },
              { line: 3, column: 'quantity', message: 'quantity must be a whole number from 0' },
            ],
            finishedAt: '2026-11-27T10:00:00.000Z',
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/import');
    await user.upload(await screen.findByLabelText('CSV file'), new File([BAD], 'products.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: /2 problems found — nothing was imported/ });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2', 'price', 'price must be a number of dollars'],
      ['3', 'quantity', 'quantity must be a whole number from 0'],
    ]);
    expect(screen.queryByRole('button', { name: 'Import now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeEnabled();
  });
});
