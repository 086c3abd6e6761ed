import type { AdminCustomerListResponse, AdminCustomerResponse, CustomerPasswordResetResponse, UpdateCustomerBody } from '@dukkan/contracts/admin-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, sessionOf, type Answer } from '../test/api-server';
import { CATALOG, customer, CUSTOMER_ID, lastQuery, ORDER_ID, SUPPORT, writes } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';

const LIST = '/api/admin/customers';
const ONE = `${LIST}/${CUSTOMER_ID}`;

describe('customers list', () => {
  it('searches by email or name and pages through the API', async () => {
    const calls = stubApi(
      sessionOf(SUPPORT),
      http.get<never, never, Answer<AdminCustomerListResponse>>(LIST, () => HttpResponse.json({ data: [customer()], total: 60 })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/customers');
    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ page: '1', pageSize: '25' }));
    expect(within(table).getByRole('link', { name: 'Sara Shopper' })).toHaveAttribute('href', `/admin/customers/${CUSTOMER_ID}`);
    expect(within(table).getByRole('row', { name: /shopper@example\.com .* 1 \$40\.00 Active/ })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by email or name' }), 'sara');
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ q: 'sara', page: '1', pageSize: '25' }));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ q: 'sara', page: '2', pageSize: '25' }));
  });

  it('is refused to a catalog member', async () => {
    stubApi(sessionOf(CATALOG));
    await renderAdmin('/admin/customers');
    expect(await screen.findByText('Your role cannot use this page.')).toBeInTheDocument();
  });
});

describe('customer page', () => {
  it('shows the profile, addresses, orders and lifetime spend; sends a password reset and disables the account after confirmation', async () => {
    let current = customer();
    const calls = stubApi(
      http.get<never, never, Answer<AdminCustomerResponse>>(ONE, () => HttpResponse.json({ data: current })),
      http.patch<never, UpdateCustomerBody, Answer<AdminCustomerResponse>>(ONE, async ({ request }) => {
        current = { ...current, disabled: (await request.json()).disabled };
        return HttpResponse.json({ data: current });
      }),
      http.post<never, never, Answer<CustomerPasswordResetResponse>>(`${ONE}/password-reset`, () => HttpResponse.json({ data: { sent: true } }, { status: 202 })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/customers/${CUSTOMER_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sara Shopper' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('Lifetime spend$40.00');
    expect(profile).toHaveTextContent('AccountActive');
    expect(within(screen.getByRole('region', { name: 'Addresses' })).getByText(/26th of July St/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Orders' })).getByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);

    await user.click(screen.getByRole('button', { name: 'Send password reset' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send shopper@example.com a password-reset mail?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send password reset' }));
    expect(await screen.findByText('Password-reset mail sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send password reset' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable the account of shopper@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${ONE}/password-reset`, body: null }]);

    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable the account of shopper@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('Account disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable account' })).toHaveFocus());
    expect(screen.getByRole('region', { name: 'Profile' })).toHaveTextContent('AccountDisabled');

    await user.click(screen.getByRole('button', { name: 'Enable account' }));
    dialog = await screen.findByRole('dialog', { name: 'Enable the account of shopper@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable account' }));
    expect(await screen.findByText('Account enabled')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `${ONE}/password-reset`, body: null },
      { method: 'PATCH', path: ONE, body: { disabled: true } },
      { method: 'PATCH', path: ONE, body: { disabled: false } },
    ]);
  });

  it('shows the API’s message in the dialog when an action fails', async () => {
    stubApi(
      http.get<never, never, Answer<AdminCustomerResponse>>(ONE, () => HttpResponse.json({ data: customer() })),
      http.patch<never, UpdateCustomerBody, Answer<AdminCustomerResponse>>(ONE, () => failure(409, 'CONFLICT', 'The account changed meanwhile')),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/customers/${CUSTOMER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account changed meanwhile');
  });

  it('is in Arabic', async () => {
    stubApi(http.get<never, never, Answer<AdminCustomerResponse>>(ONE, () => HttpResponse.json({ data: customer({ disabled: true }) })));
    await renderAdmin(`/admin/customers/${CUSTOMER_ID}`, 'ar');
    expect(await screen.findByRole('button', { name: 'تفعيل الحساب' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'الملف الشخصي' })).toHaveTextContent('معطّل');
    expect(within(screen.getByRole('table', { name: 'الطلبات' })).getByText('قيد التجهيز')).toBeInTheDocument();
  });

  it('says when the customer does not exist', async () => {
    stubApi(http.get<never, never, Answer<AdminCustomerResponse>>(ONE, () => failure(404, 'CUSTOMER_NOT_FOUND', 'Customer not found')));
    await renderAdmin(`/admin/customers/${CUSTOMER_ID}`);
    expect(await screen.findByText('This customer does not exist.')).toBeInTheDocument();
  });
});
