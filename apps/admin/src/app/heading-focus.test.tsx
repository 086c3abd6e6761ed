import type { AdminOrderListResponse, StatsResponse } from '@dukkan/contracts/admin-orders';
import type { StaffSessionResponse } from '@dukkan/contracts/admin-staff';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, OWNER, SIGNED_OUT, type Answer } from '../test/api-server';
import { stats, summary } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';

const statsAnswer = http.get<never, never, Answer<StatsResponse>>('/api/admin/stats', () => HttpResponse.json({ data: stats() }));

/** The focus after a change of screen in the back office (issue #32), as the storefront's (decision 0025). */
describe('the focus after a change of screen', () => {
  it('goes to the new screen’s heading when the navigation’s link is pressed with Enter (in Arabic)', async () => {
    stubApi(
      statsAnswer,
      http.get<never, never, Answer<AdminOrderListResponse>>('/api/admin/orders', () => HttpResponse.json({ data: [summary()], total: 1 })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة المعلومات' })).not.toHaveFocus();
    const link = within(screen.getByRole('navigation', { name: 'لوحة الإدارة' })).getByRole('link', { name: 'الطلبات' });
    act(() => link.focus());
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'الطلبات' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('stays in a field the new screen focuses itself (the email of "forgot your password")', async () => {
    stubApi(SIGNED_OUT);
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/sign-in', 'ar');
    const link = await screen.findByRole('link', { name: 'نسيت كلمة المرور؟' });
    act(() => link.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'إعادة تعيين كلمة المرور' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /البريد الإلكتروني/ })).toHaveFocus());
  });

  it('goes to the dashboard’s heading after signing in with Enter', async () => {
    let signedIn = false;
    stubApi(
      http.all<never, never, Answer<StaffSessionResponse>>('/api/admin/session', ({ request }) => {
        if (request.method === 'POST') signedIn = true;
        return signedIn ? HttpResponse.json({ data: { staff: OWNER } }) : failure(401, 'UNAUTHORIZED', 'Sign in first');
      }),
      statsAnswer,
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/sign-in', 'ar');
    // The sign-in screen focuses its email field itself.
    await waitFor(() => expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveFocus());
    await user.keyboard('owner@dukkan.test');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'correct horse battery{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'لوحة المعلومات' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
