import type { UpdateUserResponse } from '@dukkan/contracts/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { API, type Answer, answerWith, categoriesAnswer, failure, userAnswer } from '../../test/api-server';
import { SHOPPER_ID, shopper, signInShopper, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** Answers GET of the shopper with `shopper()` and PUT with what `put` makes. */
function mockAccount(put: () => HttpResponse<Answer<UpdateUserResponse>> = () => HttpResponse.json({ data: shopper(), token: 'unused' })) {
  return answerWith(categoriesAnswer([]), userAnswer(shopper()), http.put<never, never, Answer<UpdateUserResponse>>(`${API}/users/${SHOPPER_ID}`, put));
}

describe('/userprofile (edit profile)', () => {
  it('starts from the saved name and email and checks them as the spec says', async () => {
    const user = userEvent.setup();
    signInShopper();
    const requests = mockAccount();
    renderApp('/userprofile');
    const name = await screen.findByDisplayValue('Mona Adel');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveValue('mona@example.com');
    // The labels stand above the saved values, not over them.
    for (const id of ['profile-name', 'profile-email']) expect(document.querySelector(`label[for="${id}"]`)).toHaveAttribute('data-shrink', 'true');
    await user.clear(name);
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(name, 'ab');
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid Email')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('requires new and confirm once the current password is filled, and that they match', async () => {
    const user = userEvent.setup();
    signInShopper();
    const requests = mockAccount();
    renderApp('/userprofile');
    await screen.findByDisplayValue('Mona Adel');
    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('moves the focus to the first problem once, as Save is refused: a shopper who has moved on is not pulled back', async () => {
    const user = userEvent.setup();
    signInShopper();
    const requests = mockAccount(() => failure(400, 'INVALID_CURRENT_PASSWORD', 'Your current password is not correct.'));
    renderApp('/userprofile');
    await screen.findByDisplayValue('Mona Adel');
    const current = screen.getByLabelText(/^Current password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    await user.type(current, 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(confirm, 'new-password-2');
    const focused = vi.spyOn(HTMLElement.prototype, 'focus');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(confirm).toHaveFocus();

    await user.type(current, '-wrong');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A second focus a task later (react-hook-form's default) lands wherever the shopper types by
    // then on a busy phone, and what they type goes into the field with the problem.
    expect(focused.mock.contexts.filter((element) => element === confirm)).toHaveLength(1);
    expect(current).toHaveFocus();
    await user.clear(confirm);
    await user.type(confirm, 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toMatchObject({ currentPassword: 'old-password-wrong', password: 'new-password-1' });
  });

  it("shows the server's message as a toast when the current password is wrong", async () => {
    const user = userEvent.setup();
    signInShopper();
    const token = window.localStorage.getItem('token');
    mockAccount(() => failure(400, 'INVALID_CURRENT_PASSWORD', 'Your current password is not correct.'));
    renderApp('/userprofile');
    await screen.findByDisplayValue('Mona Adel');
    await user.type(screen.getByLabelText(/^Current password/), 'wrong');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    // A refused change is no reason to sign out.
    expect(window.localStorage.getItem('token')).toBe(token);
  });

  it('sends the new password with the current one and keeps the fresh token it gets back', async () => {
    const user = userEvent.setup();
    signInShopper();
    const fresh = tokenFor({ id: SHOPPER_ID, name: 'Mona Samir' });
    const requests = mockAccount(() => HttpResponse.json({ data: shopper({ name: 'Mona Samir' }), token: fresh }));
    const { store } = renderApp('/userprofile');
    const name = await screen.findByDisplayValue('Mona Adel');
    await user.clear(name);
    await user.type(name, 'Mona Samir');
    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({
      name: 'Mona Samir',
      email: 'mona@example.com',
      marketingEmails: true,
      password: 'new-password-1',
      currentPassword: 'old-password',
    });
    expect(window.localStorage.getItem('token')).toBe(fresh);
    expect(store.getState().auth.userToken).toBe(fresh);
    expect(screen.getByRole('link', { name: 'Hi, Mona Samir' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('asks for the current password to change the email, and then needs no new password', async () => {
    const user = userEvent.setup();
    signInShopper();
    const fresh = tokenFor({ id: SHOPPER_ID, name: 'Mona Adel' });
    const requests = mockAccount(() => HttpResponse.json({ data: shopper({ email: 'mona.adel@example.com' }), token: fresh }));
    renderApp('/userprofile');
    await screen.findByDisplayValue('Mona Adel');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'Mona.Adel@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({ name: 'Mona Adel', email: 'mona.adel@example.com', marketingEmails: true, currentPassword: 'old-password' });
    expect(window.localStorage.getItem('token')).toBe(fresh);
  });

  it('lets the shopper withdraw the marketing consent given at sign-up', async () => {
    const user = userEvent.setup();
    signInShopper();
    const requests = mockAccount(() => HttpResponse.json({ data: shopper({ marketingEmails: false }), token: tokenFor({ id: SHOPPER_ID, name: 'Mona Adel' }) }));
    renderApp('/userprofile');
    await screen.findByDisplayValue('Mona Adel');
    const consent = screen.getByRole('checkbox', { name: 'Email me offers and news from Dukkan' });
    expect(consent).toBeChecked();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile was updated.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({ name: 'Mona Adel', email: 'mona@example.com', marketingEmails: false });
    expect(screen.getByRole('checkbox', { name: 'Email me offers and news from Dukkan' })).not.toBeChecked();
  });
});
