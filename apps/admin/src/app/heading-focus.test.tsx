import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { stats, summary } from '../test/back-office';
import { json, OWNER, renderAdmin, stubApi } from '../test/harness';

/** The focus after a change of screen in the back office (issue #32), as the storefront's (decision 0025). */
describe('the focus after a change of screen', () => {
  it('goes to the new screen’s heading when the navigation’s link is pressed with Enter (in Arabic)', async () => {
    stubApi((call) =>
      call.url.pathname === '/api/admin/stats' ? json(200, { data: stats() }) : call.url.pathname === '/api/admin/orders' ? json(200, { data: [summary()], total: 1 }) : undefined,
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
    stubApi(undefined, { signedIn: false });
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
    stubApi((call) => {
      if (call.url.pathname === '/api/admin/session') {
        if (call.method === 'POST') signedIn = true;
        return signedIn ? json(200, { data: { staff: OWNER } }) : json(401, { message: 'Sign in first', code: 'UNAUTHORIZED' });
      }
      return call.url.pathname === '/api/admin/stats' ? json(200, { data: stats() }) : undefined;
    });
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
