import type { StaffPasswordResetBody, StaffPasswordResetConfirmBody, StaffPasswordResetResponse } from '@dukkan/contracts/admin-staff';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, noContent, SIGNED_OUT, type Answer } from '../test/api-server';
import { renderAdmin, stubApi, type Call } from '../test/harness';

const REQUEST = '/api/admin/session/password-reset';
const CONFIRM = '/api/admin/session/password-reset/confirm';
const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path).map((c) => JSON.parse(c.body) as unknown);

describe('staff password reset by mail', () => {
  it('goes from sign-in to the reset request, checks the email, and confirms the same way for every address', async () => {
    const calls = stubApi(
      SIGNED_OUT,
      http.post<never, StaffPasswordResetBody, Answer<StaffPasswordResetResponse>>(REQUEST, () => HttpResponse.json({ message: 'On its way' }, { status: 202 })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/sign-in');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(posts(calls, REQUEST)).toEqual([]);

    await user.clear(email);
    await user.type(email, ' sam@dukkan.test ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('If sam@dukkan.test belongs to an active staff account, a link to choose a new password is on its way. It works once, for 1 hour.'),
    ).toBeInTheDocument();
    expect(posts(calls, REQUEST)).toEqual([{ email: 'sam@dukkan.test' }]);
    expect(screen.queryByRole('button', { name: 'Send the link' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeInTheDocument();
  });

  it('says when there were too many requests', async () => {
    stubApi(
      SIGNED_OUT,
      http.post<never, StaffPasswordResetBody, Answer<StaffPasswordResetResponse>>(REQUEST, () =>
        failure(429, 'TOO_MANY_REQUESTS', 'Too many reset requests. Try again in 15 minutes.'),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'sam@dukkan.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Wait a few minutes and try again.');
    expect(screen.queryByText(/is on its way/)).not.toBeInTheDocument();
  });

  it('chooses a new password with the link’s token: the length first, the API’s refusal on the field, then sign-in', async () => {
    const calls = stubApi(
      SIGNED_OUT,
      http.post<never, StaffPasswordResetConfirmBody, Answer<null>>(CONFIRM, async ({ request }) => {
        const { password } = await request.json();
        return password === 'password12345'
          ? failure(400, 'COMMON_PASSWORD', 'password: this password is too common. Please choose a less common one.', 'password')
          : noContent();
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/reset-password?token=tok-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();

    const field = screen.getByLabelText(/^New password/);
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('At least 12 characters')).toBeInTheDocument();
    expect(posts(calls, CONFIRM)).toEqual([]);

    await user.clear(field);
    await user.type(field, 'password12345');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('this password is too common. Please choose a less common one.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'a fresh long passphrase');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password is changed. Sign in with it.')).toBeInTheDocument();
    expect(posts(calls, CONFIRM)).toEqual([
      { token: 'tok-9', password: 'password12345' },
      { token: 'tok-9', password: 'a fresh long passphrase' },
    ]);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeInTheDocument();
  });

  it('says an expired or used link is not valid and offers a new one', async () => {
    stubApi(
      SIGNED_OUT,
      http.post<never, StaffPasswordResetConfirmBody, Answer<null>>(CONFIRM, () =>
        failure(400, 'INVALID_RESET_LINK', 'This reset link is not valid: it is unknown, has expired or was used already. Ask for a new one.'),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/reset-password?token=used');
    await user.type(await screen.findByLabelText(/^New password/), 'a fresh long passphrase');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid: it has expired or was used already.');
    expect(screen.queryByRole('button', { name: 'Save the new password' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });

  it('offers the reset from the Arabic sign-in page, in Arabic', async () => {
    stubApi(SIGNED_OUT);
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/sign-in', 'ar');
    await user.click(await screen.findByRole('link', { name: 'نسيت كلمة المرور؟' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'إعادة تعيين كلمة المرور' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسل الرابط' })).toBeInTheDocument();
  });

  it('without a token, says the mail’s link is needed', async () => {
    stubApi(SIGNED_OUT);
    await renderAdmin('/admin/reset-password');
    expect(await screen.findByText('This page needs the link from the password-reset mail.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });
});
