import type { MessageResponse } from '@dukkan/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, type Answer, answerWith, categoriesAnswer, failure, type RecordedRequest } from '../../test/api-server';
import { signInShopper } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const categories = categoriesAnswer([]);
const TOKEN = 'k2Jx9f0QeWq7bT3mN8vR1sL4yH6cA5dE0gZ2uP7iO9w';
const CHANGED = 'Your password has been changed. Please sign in with your new password.';
const INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

function describedBy(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const resetRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/api/users/reset-password');

async function fillIn(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return user;
}

describe('/reset-password', () => {
  it('changes the password, ends the session in this browser and sends the shopper to sign in with a toast', async () => {
    signInShopper();
    window.localStorage.setItem('token2', JSON.stringify({ userId: 'u', cartId: 'c', signature: 's' }));
    const requests = answerWith(
      categories,
      http.post<never, never, Answer<MessageResponse>>(`${API}/users/reset-password`, () => HttpResponse.json({ message: CHANGED })),
    );
    const { store } = renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();

    await fillIn('a-new-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create your account' })).toBeInTheDocument();
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(JSON.parse(resetRequests(requests)[0]!.body)).toEqual({ token: TOKEN, password: 'a-new-password' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.userToken).toBeNull();
    // Only the session ends: a guest cart in this browser is not the account's.
    expect(window.localStorage.getItem('token2')).not.toBeNull();
  });

  it("says 'Passwords do not match' under the confirmation and sends nothing", async () => {
    const requests = answerWith(categories);
    renderApp(`/reset-password?token=${TOKEN}`);
    await fillIn('a-new-password', 'another-password');
    const confirmation = screen.getByLabelText(/^Confirm new password/);
    await waitFor(() => expect(describedBy(confirmation)).toContain('Passwords do not match'));
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(resetRequests(requests)).toHaveLength(0);
  });

  it('says what is missing or too short under each field', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp(`/reset-password?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(describedBy(screen.getByLabelText(/^New password/))).toContain('Password is required');
    expect(describedBy(screen.getByLabelText(/^Confirm new password/))).toContain('Please confirm your password');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(describedBy(screen.getByLabelText(/^New password/))).toContain('Password must be at least 6 characters long');
  });

  it('shows and hides both passwords with one toggle', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp(`/reset-password?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Show passwords' }));
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide passwords' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("tells of a used or expired link and offers a new one, giving it the focus", async () => {
    answerWith(categories, http.post(`${API}/users/reset-password`, () => failure(400, 'INVALID_RESET_LINK', INVALID)));
    renderApp(`/reset-password?token=${TOKEN}`);
    await fillIn('a-new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    const again = screen.getByRole('link', { name: 'Ask for a new link' });
    expect(again).toHaveAttribute('href', '/forgot-password');
    await waitFor(() => expect(again).toHaveFocus());
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it.each(['/reset-password', '/reset-password?token=', '/reset-password?token=short'])('tells at once that %s is not a usable link', async (path) => {
    const requests = answerWith(categories);
    renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(resetRequests(requests)).toHaveLength(0);
  });

  it("shows another refusal (a too common password) inline and as a toast, and keeps the form", async () => {
    const message = 'This password is too common. Please choose a less common one.';
    answerWith(categories, http.post(`${API}/users/reset-password`, () => failure(400, 'COMMON_PASSWORD', message)));
    renderApp(`/reset-password?token=${TOKEN}`);
    await fillIn('password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // Inline at once; the toast once its container has loaded with the page's first toast.
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
