import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { stats } from '../test/back-office';
import { json, OWNER, renderAdmin, stubApi } from '../test/harness';

describe('first owner and invitation setup', () => {
  it('checks the link, sends the token with name, email and password, and opens the back office', async () => {
    let created = false;
    const calls = stubApi((call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/setup' && call.method === 'GET') return call.url.searchParams.get('token') === 'tok-1' ? json(200, { data: { valid: true } }) : json(404, { message: 'Unknown link', code: 'NOT_FOUND' });
      if (path === '/api/admin/setup' && call.method === 'POST') {
        created = true;
        return json(201, { data: { staff: OWNER } });
      }
      if (path === '/api/admin/session' && call.method === 'GET') return created ? json(200, { data: { staff: OWNER } }) : json(401, { message: 'Sign in first', code: 'UNAUTHORIZED' });
      if (path === '/api/admin/stats') return json(200, { data: stats() });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/setup?token=tok-1');

    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Olive Owner');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'owner@dukkan.test');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('At least 12 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    // Every role lands on the dashboard (issue #21).
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/setup')!;
    expect(JSON.parse(post.body)).toEqual({ token: 'tok-1', name: 'Olive Owner', email: 'owner@dukkan.test', password: 'a long enough password' });
  });

  it('says so when the link is unknown or expired, in Arabic too', async () => {
    stubApi((call) => (call.url.pathname === '/api/admin/setup' ? json(410, { message: 'Expired', code: 'GONE' }) : undefined), { signedIn: false });
    await renderAdmin('/admin/setup?token=old', 'ar');
    expect(await screen.findByText('هذا الرابط غير صالح أو منتهي الصلاحية. اطلب رابطًا جديدًا من المالك.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إنشاء الحساب' })).not.toBeInTheDocument();
  });
});
