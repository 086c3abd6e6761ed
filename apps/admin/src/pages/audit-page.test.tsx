import type { AuditListResponse } from '@dukkan/contracts/admin-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { sessionOf, type Answer } from '../test/api-server';
import { auditEntry, lastQuery, ORDER_ID, SUPPORT } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';

import { diffOf } from './audit-page';

const LOG = '/api/admin/audit';
const ENTRIES = [
  auditEntry(),
  auditEntry({ _id: 'e2', action: 'staff.sign-in-failed', actor: { _id: null, email: 'guess@example.com', role: null }, entityType: null, entityId: null, before: null, after: null }),
];

/** The log answers ENTRIES, of `total`. */
const logAnswer = (total: number) => http.get<never, never, Answer<AuditListResponse>>(LOG, () => HttpResponse.json({ data: ENTRIES, total }));

describe('audit log', () => {
  it('shows who, when, from where, the translated action, the entity and what changed; filters and pages through the API', async () => {
    const calls = stubApi(logAnswer(60));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(lastQuery(calls, LOG)).toEqual({ page: '1', pageSize: '25' }));
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('help@dukkan.test (Support)');
    expect(first).toHaveTextContent('203.0.113.9');
    expect(first).toHaveTextContent('Moved an order');
    expect(first).toHaveTextContent(`Order${ORDER_ID}`);
    expect(within(first!).getByRole('listitem')).toHaveTextContent('status: Before Processing → After Shipped');
    expect(within(first!).getByRole('deletion')).toHaveTextContent('Processing');
    expect(second).toHaveTextContent('guess@example.com');
    expect(second).toHaveTextContent('Failed sign-in');

    await user.type(screen.getByRole('textbox', { name: 'Staff member (id or email)' }), 'help@dukkan.test');
    await user.type(screen.getByRole('textbox', { name: 'Entity id' }), ORDER_ID);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-11-27' } });
    await waitFor(() => expect(lastQuery(calls, LOG)).toEqual({ actor: 'help@dukkan.test', entity: ORDER_ID, from: '2026-11-01', to: '2026-11-27', page: '1', pageSize: '25' }));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(calls, LOG)).toMatchObject({ page: '2', actor: 'help@dukkan.test' }));
  });

  it('is in Arabic with the actions translated', async () => {
    stubApi(logAnswer(2));
    await renderAdmin('/admin/audit', 'ar');
    const table = await screen.findByRole('table', { name: 'سجل التدقيق' });
    expect(within(table).getByText('غيّر حالة طلب')).toBeInTheDocument();
    expect(within(table).getByText('محاولة دخول فاشلة')).toBeInTheDocument();
  });

  it('is the owner’s only: support gets no link and is refused', async () => {
    stubApi(sessionOf(SUPPORT));
    await renderAdmin('/admin/audit');
    expect(await screen.findByText('Your role cannot use this page.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('diffs two objects by field, and shows other values whole', () => {
    expect(diffOf({ a: 1, b: { c: 2 }, same: 'x' }, { a: 2, b: { c: 3 }, same: 'x', d: true })).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'b', before: '{"c":2}', after: '{"c":3}' },
      { field: 'd', before: '', after: 'true' },
    ]);
    expect(diffOf(null, { title: 'New' })).toEqual([{ field: 'title', before: '', after: 'New' }]);
    expect(diffOf(null, null)).toEqual([]);
    expect(diffOf('old', 'new')).toEqual([{ field: '', before: 'old', after: 'new' }]);
  });
});
