import type { UserResponse } from '@dukkan/contracts/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, type Answer, answerWith, categoriesAnswer, failure } from '../../test/api-server';
import { shopper } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const categories = categoriesAnswer([]);

async function fill(user: ReturnType<typeof userEvent.setup>, { confirm = 'a-Strong-pass-1' } = {}) {
  await user.type(await screen.findByLabelText(/^First name/), 'Mona');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'Mona@Example.COM');
  await user.type(screen.getByLabelText(/^Password/), 'a-Strong-pass-1');
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
}

describe('/register', () => {
  it('has both checkboxes ticked and one toggle for both passwords', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp('/register');
    expect(await screen.findByRole('checkbox', { name: 'Keep me signed in' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email me offers and news from Dukkan' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show passwords' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('type', 'text');
  });

  it('names each missing field', async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    for (const message of ['First name is required', 'Please enter a valid email', 'Password is required', 'Please confirm your password']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it('refuses a first name shorter than an account takes, under the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const requests = answerWith(categories);
    renderApp('/register');
    await fill(user);
    const firstName = screen.getByLabelText(/^First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Mo');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(firstName).toHaveFocus();
    expect(requests.filter((r) => r.url.pathname === '/api/users/signup')).toHaveLength(0);
  });

  it("says 'Password mismatch' and sends nothing when the passwords differ", async () => {
    const user = userEvent.setup();
    const requests = answerWith(categories);
    renderApp('/register');
    await fill(user, { confirm: 'something-else' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password mismatch');
    expect(requests.filter((r) => r.url.pathname === '/api/users/signup')).toHaveLength(0);
  });

  it('sends the email lower-cased with the marketing choice, then opens sign-in', async () => {
    const user = userEvent.setup();
    const requests = answerWith(
      categories,
      http.post<never, never, Answer<UserResponse>>(`${API}/users/signup`, () => HttpResponse.json({ data: shopper() }, { status: 201 })),
    );
    renderApp('/register');
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'Email me offers and news from Dukkan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create your account' })).toBeInTheDocument();
    const signUp = requests.find((r) => r.url.pathname === '/api/users/signup')!;
    expect(JSON.parse(signUp.body)).toEqual({ name: 'Mona', email: 'mona@example.com', password: 'a-Strong-pass-1', marketingEmails: false });
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('mona@example.com');
    expect(window.localStorage.getItem('keepSignedIn')).toBe('false');
  });

  it("shows the server's message when the email is taken", async () => {
    const user = userEvent.setup();
    answerWith(categories, http.post(`${API}/users/signup`, () => failure(409, 'EMAIL_TAKEN', 'An account with this email already exists.')));
    renderApp('/register');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });
});
