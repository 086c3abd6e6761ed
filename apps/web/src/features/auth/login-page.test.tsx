import type { SignInResponse } from '@dukkan/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { API, type Answer, answerWith, categoriesAnswer, failure, userAnswer } from '../../test/api-server';
import { SHOPPER_ID, shopper, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const categories = categoriesAnswer([]);

function describedBy(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('/login', () => {
  it('says what is missing or wrong under each field, announced with it, and sends nothing', async () => {
    const user = userEvent.setup();
    const requests = answerWith(categories);
    renderApp('/login');
    const submit = await screen.findByRole('button', { name: 'Continue' });
    await user.click(submit);
    const email = screen.getByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    expect(describedBy(email)).toContain('Email is required');
    expect(describedBy(password)).toContain('Password is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'not-an-email');
    await user.type(password, 'short');
    await user.click(submit);
    expect(describedBy(email)).toContain('Please enter a valid email');
    expect(describedBy(password)).toContain('Password must be at least 6 characters long');
    expect(requests.filter((r) => r.url.pathname === '/api/users/signin')).toHaveLength(0);
  });

  it('moves the focus to the first field in error, and checks a field again as it changes once the form was sent', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp('/login');
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'mona');
    // Not checked while typing before the first try.
    expect(describedBy(email)).not.toContain('Please enter a valid email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(email).toHaveFocus();
    expect(describedBy(email)).toContain('Please enter a valid email');
    await user.type(email, '@example.com');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'false'));
    expect(describedBy(screen.getByLabelText(/^Password/))).toContain('Password is required');
  });

  it('moves the focus to the first field in error once, as Continue is refused: a shopper who has moved on is not pulled back', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp('/login');
    const email = await screen.findByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    await user.type(email, 'mona');
    await user.type(password, 'secret');
    const focused = vi.spyOn(HTMLElement.prototype, 'focus');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(email).toHaveFocus();
    expect(describedBy(email)).toContain('Please enter a valid email');

    await user.type(password, '-1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A second focus a task later (react-hook-form's default) lands wherever the shopper types by then.
    expect(focused.mock.contexts.filter((element) => element === email)).toHaveLength(1);
    expect(password).toHaveFocus();
    expect(password).toHaveValue('secret-1');
    expect(email).toHaveValue('mona');
  });

  it('shows and hides the password with a toggle', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'Show password' });
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's message inline and as a toast when the sign-in is refused", async () => {
    const user = userEvent.setup();
    answerWith(categories, http.post(`${API}/users/signin`, () => failure(401, 'INVALID_CREDENTIALS', 'Invalid username or password.')));
    const { store } = renderApp('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'mona@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    // Inline at once; the toast once its container has loaded with the page's first toast.
    await waitFor(() => expect(screen.getAllByText('Invalid username or password.').length).toBeGreaterThanOrEqual(2));
    expect(store.getState().auth).toMatchObject({ loading: false, error: 'Invalid username or password.', userToken: null });
  });

  it('says "An error occurred. Please try again later." when no answer comes back', async () => {
    const user = userEvent.setup();
    answerWith(categories, http.post(`${API}/users/signin`, () => HttpResponse.error()));
    renderApp('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'mona@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  });

  it('signs in with the email lower-cased, keeps the token under "token" and goes back where it was sent from', async () => {
    const user = userEvent.setup();
    const token = tokenFor({ id: SHOPPER_ID, name: 'Mona Adel' });
    const requests = answerWith(
      categories,
      http.post<never, never, Answer<SignInResponse>>(`${API}/users/signin`, () => HttpResponse.json({ token, data: shopper() })),
      userAnswer(shopper()),
    );
    renderApp('/userprofile/address');
    await user.type(await screen.findByLabelText(/^Email/), ' Mona@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Address Book' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(token);
    const signIn = requests.find((r) => r.url.pathname === '/api/users/signin')!;
    expect(JSON.parse(signIn.body)).toEqual({ email: 'mona@example.com', password: 'a-password' });
    expect(screen.getByRole('link', { name: 'Hi, Mona Adel' })).toHaveAttribute('href', '/userprofile');
  });
});
