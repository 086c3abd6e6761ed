import type { AdminProductListResponse } from '@dukkan/contracts/admin-products';
import type { StaffSessionResponse, StaffSignInBody } from '@dukkan/contracts/admin-staff';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, noContent, OWNER, SIGNED_OUT, type Answer } from '../test/api-server';
import { renderAdmin, stubApi, type Call } from '../test/harness';

const signInCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/session');

describe('sign-in', () => {
  it('sends to sign-in without a session, asks for the code after TWO_FACTOR_REQUIRED, then opens the products', async () => {
    let signedIn = false;
    const calls = stubApi(
      http.get<never, never, Answer<StaffSessionResponse>>('/api/admin/session', () =>
        signedIn ? HttpResponse.json({ data: { staff: OWNER } }) : failure(401, 'UNAUTHORIZED', 'Sign in first'),
      ),
      http.post<never, StaffSignInBody, Answer<StaffSessionResponse>>('/api/admin/session', async ({ request }) => {
        const body = await request.json();
        if (body.password !== 'correct horse battery') return failure(401, 'UNAUTHORIZED', 'Wrong email or password');
        if (!body.code) return failure(401, 'TWO_FACTOR_REQUIRED', 'Enter the code');
        if (body.code !== '123456') return failure(401, 'TWO_FACTOR_INVALID', 'Wrong code');
        signedIn = true;
        return HttpResponse.json({ data: { staff: OWNER } });
      }),
      http.get<never, never, Answer<AdminProductListResponse>>('/api/admin/products', () => HttpResponse.json({ data: [], total: 0 })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'owner@dukkan.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is wrong.');

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText(/Code from your authenticator app/);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Try the current one.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // Back where the owner was going, signed in.
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    const sent = signInCalls(calls).map((c) => JSON.parse(c.body) as unknown);
    expect(sent).toEqual([
      { email: 'owner@dukkan.test', password: 'wrong password!' },
      { email: 'owner@dukkan.test', password: 'correct horse battery' },
      { email: 'owner@dukkan.test', password: 'correct horse battery', code: '654321' },
      { email: 'owner@dukkan.test', password: 'correct horse battery', code: '123456' },
    ]);
  });

  it('renders in Arabic, right to left, with the language menu', async () => {
    stubApi(SIGNED_OUT);
    await renderAdmin('/admin/sign-in?lng=ar', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول إلى لوحة الإدارة' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('button', { name: /اللغة/ })).toBeInTheDocument();
  });

  it('switches to Arabic from the language menu and keeps the choice in the i18next cookie', async () => {
    stubApi(SIGNED_OUT);
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' });
    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول إلى لوحة الإدارة' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.cookie).toContain('i18next=ar');
  });

  it('goes back to sign-in when the session ends while working (a 401 on a screen)', async () => {
    let sessionOver = false;
    stubApi(
      // Until the session is over, the default answers: a signed-in owner.
      http.get<never, never, Answer<StaffSessionResponse>>('/api/admin/session', () => (sessionOver ? failure(401, 'UNAUTHORIZED', 'Sign in first') : undefined)),
      http.get<never, never, Answer<AdminProductListResponse>>('/api/admin/products', ({ request }) => {
        if (new URL(request.url).searchParams.get('q') === 'late') {
          sessionOver = true;
          return failure(401, 'UNAUTHORIZED', 'Sign in first');
        }
        return HttpResponse.json({ data: [], total: 0 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products');
    await user.type(await screen.findByRole('searchbox', { name: 'Search by title or id' }), 'late');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeInTheDocument();
  });

  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN on a write', async () => {
    document.cookie = 'XSRF-TOKEN=abc%20123; path=/';
    const calls = stubApi(http.delete<never, never, Answer<null>>('/api/admin/session', () => noContent()));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const signOut = calls.find((c) => c.method === 'DELETE')!;
    expect(signOut.headers.get('x-xsrf-token')).toBe('abc 123');
  });

  it('sends a member the owner requires two-factor of to their account, and keeps them there until it is set up', async () => {
    let signedIn = false;
    const requiredOfOwner = { staff: OWNER, twoFactorSetupRequired: true } as const;
    stubApi(
      http.get<never, never, Answer<StaffSessionResponse>>('/api/admin/session', () =>
        signedIn ? HttpResponse.json({ data: requiredOfOwner }) : failure(401, 'UNAUTHORIZED', 'Sign in first'),
      ),
      http.post<never, StaffSignInBody, Answer<StaffSessionResponse>>('/api/admin/session', () => {
        signedIn = true;
        return HttpResponse.json({ data: requiredOfOwner });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products');

    await user.type(await screen.findByLabelText(/^Email/), 'owner@dukkan.test');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText(/The owner requires two-factor sign-in/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Products' })).not.toBeInTheDocument();
  });
});
