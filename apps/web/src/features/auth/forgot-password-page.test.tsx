import { type MessageResponse, RESET_REQUESTED_MESSAGE } from '@dukkan/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, type Answer, answerWith, categoriesAnswer, failure, type RecordedRequest } from '../../test/api-server';
import { renderApp } from '../../test/render';

const categories = categoriesAnswer([]);
const accepted = http.post<never, never, Answer<MessageResponse>>(`${API}/users/forgot-password`, () =>
  HttpResponse.json({ message: RESET_REQUESTED_MESSAGE }, { status: 202 }),
);

function describedBy(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The form's live region (toasts are status regions too). */
async function answer(): Promise<HTMLElement> {
  return within(await screen.findByRole('form', { name: 'Forgot your password?' })).getByRole('status');
}

const resetRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/api/users/forgot-password');

describe('/forgot-password', () => {
  it("is reached from /login's 'Forgot password?' and leads back to sign in", async () => {
    const user = userEvent.setup();
    answerWith(categories);
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByText(/the link works for 30 minutes/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create your account' })).toBeInTheDocument();
  });

  it('says what is wrong with the email under the field and sends nothing', async () => {
    const user = userEvent.setup();
    const requests = answerWith(categories, accepted);
    renderApp('/forgot-password');
    const submit = await screen.findByRole('button', { name: 'Send reset link' });
    await user.click(submit);
    const email = screen.getByLabelText(/^Email/);
    expect(describedBy(email)).toContain('Email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(describedBy(email)).toContain('Please enter a valid email');
    expect(resetRequests(requests)).toHaveLength(0);
  });

  it("always gives the server's one answer in a live region, whichever the address", async () => {
    const user = userEvent.setup();
    const requests = answerWith(categories, accepted);
    renderApp('/forgot-password');
    expect(await answer()).toBeEmptyDOMElement();

    await user.type(screen.getByLabelText(/^Email/), ' Mona@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(RESET_REQUESTED_MESSAGE);
    expect(await answer()).toHaveTextContent(RESET_REQUESTED_MESSAGE);
    expect(JSON.parse(resetRequests(requests)[0]!.body)).toEqual({ email: 'mona@example.com' });

    // An address with no account: the very same words.
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(RESET_REQUESTED_MESSAGE);
    expect(resetRequests(requests)).toHaveLength(2);
    expect(await answer()).toHaveTextContent(RESET_REQUESTED_MESSAGE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows a refusal (too many requests) inline and as a toast, with the server's message", async () => {
    const user = userEvent.setup();
    const message = 'Too many reset requests. Try again in 15 minutes.';
    answerWith(categories, http.post(`${API}/users/forgot-password`, () => failure(429, 'TOO_MANY_REQUESTS', message)));
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // Inline at once; the toast once its container has loaded with the page's first toast.
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
    expect(await answer()).toBeEmptyDOMElement();
  });

  it('says "An error occurred. Please try again later." when no answer comes back', async () => {
    const user = userEvent.setup();
    answerWith(categories, http.post(`${API}/users/forgot-password`, () => HttpResponse.error()));
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  });

  it('answers in Arabic, right to left', async () => {
    const user = userEvent.setup();
    await changeLanguage('ar');
    answerWith(categories, accepted);
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'هل نسيت كلمة المرور؟' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(screen.getByLabelText(/^البريد الإلكتروني/), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }));
    expect(await screen.findByText(/^إذا كان هناك حساب بهذا البريد الإلكتروني/)).toBeInTheDocument();
  });
});
