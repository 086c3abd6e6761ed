import type { StatsResponse } from '@dukkan/contracts/admin-orders';
import type { SetupBody, SetupInfoResponse, StaffSessionResponse } from '@dukkan/contracts/admin-staff';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, OWNER, SIGNED_OUT, type Answer } from '../test/api-server';
import { stats } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';

describe('first owner and invitation setup', () => {
  it('checks the link, sends the token with name, email and password, and opens the back office', async () => {
    let created = false;
    const calls = stubApi(
      http.get<never, never, Answer<SetupInfoResponse>>('/api/admin/setup', ({ request }) =>
        new URL(request.url).searchParams.get('token') === 'tok-1' ? HttpResponse.json({ data: { kind: 'first-owner' } }) : failure(404, 'SETUP_LINK_UNKNOWN', 'Unknown link'),
      ),
      http.post<never, SetupBody, Answer<StaffSessionResponse>>('/api/admin/setup', () => {
        created = true;
        return HttpResponse.json({ data: { staff: OWNER } }, { status: 201 });
      }),
      http.get<never, never, Answer<StaffSessionResponse>>('/api/admin/session', () => (created ? HttpResponse.json({ data: { staff: OWNER } }) : failure(401, 'UNAUTHORIZED', 'Sign in first'))),
      http.get<never, never, Answer<StatsResponse>>('/api/admin/stats', () => HttpResponse.json({ data: stats() })),
    );
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
    stubApi(
      SIGNED_OUT,
      http.all<never, never, Answer<SetupInfoResponse>>('/api/admin/setup', () => failure(410, 'SETUP_LINK_GONE', 'Expired')),
    );
    await renderAdmin('/admin/setup?token=old', 'ar');
    expect(await screen.findByText('هذا الرابط غير صالح أو منتهي الصلاحية. اطلب رابطًا جديدًا من المالك.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إنشاء الحساب' })).not.toBeInTheDocument();
  });
});
