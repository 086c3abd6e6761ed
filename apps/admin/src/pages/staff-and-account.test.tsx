import type {
  ChangeStaffPasswordBody,
  CreateStaffBody,
  ShopSettingsBody,
  ShopSettingsResponse,
  StaffItemResponse,
  StaffListItem,
  StaffListResponse,
  TwoFactorCodeBody,
  TwoFactorEnrolmentResponse,
  UpdateStaffBody,
} from '@dukkan/contracts/admin-staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, noContent, sessionOf, type Answer } from '../test/api-server';
import { CATALOG } from '../test/back-office';
import { renderAdmin, stubApi, type Call } from '../test/harness';

const STAFF: StaffListItem[] = [
  { _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner', disabled: false, invited: false, twoFactor: true },
  { _id: 's2', email: 'cat@dukkan.test', name: 'Cat Alog', role: 'catalog', disabled: false, invited: false, twoFactor: false },
  { _id: 's4', email: 'new@dukkan.test', name: 'Ina Vited', role: 'support', disabled: false, invited: true, twoFactor: false },
];
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET').map((c) => ({ method: c.method, path: c.url.pathname, body: c.body ? (JSON.parse(c.body) as unknown) : null }));

describe('staff (owner)', () => {
  it('lists staff, changes a role, disables, resets two-factor, requires two-factor and invites', async () => {
    const calls = stubApi(
      http.get<never, never, Answer<StaffListResponse>>('/api/admin/staff', () => HttpResponse.json({ data: STAFF })),
      http.post<never, CreateStaffBody, Answer<StaffItemResponse>>('/api/admin/staff', () =>
        HttpResponse.json({ data: { _id: 's3', email: 'new@dukkan.test', name: 'New Person', role: 'support', disabled: false, invited: true, twoFactor: false } }, { status: 201 }),
      ),
      http.patch<{ id: string }, UpdateStaffBody, Answer<StaffItemResponse>>('/api/admin/staff/:id', () => HttpResponse.json({ data: STAFF[1]! })),
      http.post<{ id: string }, never, Answer<null>>('/api/admin/staff/:id/two-factor/reset', () => noContent()),
      http.get<never, never, Answer<ShopSettingsResponse>>('/api/admin/settings', () => HttpResponse.json({ data: { requireTwoFactor: false } })),
      http.put<never, ShopSettingsBody, Answer<ShopSettingsResponse>>('/api/admin/settings', () => HttpResponse.json({ data: { requireTwoFactor: true } })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/staff');
    const table = await screen.findByRole('table', { name: 'Staff' });
    const row = within(table).getByText('Cat Alog').closest('tr')!;
    // Each member's state: signed-in or invited, and two-factor.
    expect(within(within(table).getByText('Olive Owner').closest('tr')!).getByText('Two-factor on')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Two-factor off')).toBeInTheDocument();
    expect(within(within(table).getByText('Ina Vited').closest('tr')!).getByText('Invited: no password yet')).toBeInTheDocument();

    await user.click(within(row).getByRole('combobox', { name: 'Role of Cat Alog' }));
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    await user.click(within(row).getByRole('button', { name: 'Disable Cat Alog' }));
    await user.click(within(row).getByRole('button', { name: 'Reset two-factor of Cat Alog' }));
    await user.click(screen.getByRole('switch', { name: 'Require two-factor sign-in for all staff' }));

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'New Person');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'new@dukkan.test');
    await user.click(screen.getByRole('checkbox', { name: /invitation/ }));
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(5));
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: '/api/admin/staff/s2', body: { role: 'support' } },
      { method: 'PATCH', path: '/api/admin/staff/s2', body: { disabled: true } },
      { method: 'POST', path: '/api/admin/staff/s2/two-factor/reset', body: null },
      { method: 'PUT', path: '/api/admin/settings', body: { requireTwoFactor: true } },
      { method: 'POST', path: '/api/admin/staff', body: { email: 'new@dukkan.test', name: 'New Person', role: 'catalog', invite: true } },
    ]);
  });

  it('shows a catalog member no staff link and refuses the staff screen', async () => {
    stubApi(sessionOf(CATALOG));
    await renderAdmin('/admin/staff');
    expect(await screen.findByText('Your role cannot use this page.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Products', 'Promotions', 'Import and export', 'My account']);
  });
});

describe('account', () => {
  it('changes the password and enrols two-factor with the QR code as an image', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const calls = stubApi(
      http.put<never, ChangeStaffPasswordBody, Answer<null>>('/api/admin/account/password', () => noContent()),
      http.post<never, never, Answer<TwoFactorEnrolmentResponse>>('/api/admin/account/two-factor', () =>
        HttpResponse.json({ data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Dukkan:o?secret=JBSWY3DPEHPK3PXP', qrCode: svg } }),
      ),
      http.post<never, TwoFactorCodeBody, Answer<null>>('/api/admin/account/two-factor/confirm', async ({ request }) =>
        (await request.json()).code === '123456' ? noContent() : failure(400, 'TWO_FACTOR_INVALID', 'code: That code is not right', 'code'),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/account');

    await user.type(await screen.findByLabelText(/^Current password/), 'old password 1');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('At least 12 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a much longer password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/account/password')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url.pathname === '/api/admin/account/password')!.body)).toEqual({ currentPassword: 'old password 1', newPassword: 'a much longer password' });

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(document.querySelector('main svg rect')).toBeNull(); // never inserted as markup
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not right')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Code/ }));
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is on', { selector: '.MuiAlert-message' })).toBeInTheDocument();
  });
});
