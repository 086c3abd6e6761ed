import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { answerWith, categoriesAnswer } from '../../test/api-server';
import { category } from '../../test/fixtures';
import { renderApp } from '../../test/render';

import { scrollKey } from './main-layout';

const token = `header.${btoa(JSON.stringify({ id: 'user-1', name: 'Mona' }))}.signature`;

describe('MainLayout', () => {
  it('shows the store, the app promo and the categories from the API in the departments bar', async () => {
    answerWith(categoriesAnswer([category('Baby', 'Baby', 1)]));
    renderApp('/checkout');
    const bar = await screen.findByRole('navigation', { name: 'Store and departments' });
    expect(await within(bar).findByRole('link', { name: 'Baby' })).toHaveAttribute('href', '/Baby');
    expect(bar).toHaveTextContent('Dukkan Downtown Supercenter');
    expect(bar).toHaveTextContent('15 Tahrir Square, Cairo');
    expect(within(bar).getByRole('link', { name: 'Get the Dukkan app' })).toHaveAttribute('href', '#');
  });

  it('logging out clears storage, says so, and opens sign-in 2 seconds later', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('token', token);
    answerWith(categoriesAnswer([]));
    const { store } = renderApp('/checkout');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(window.localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.userToken).toBeNull();
    expect(await screen.findByText('Successfully logged out!')).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in or create your account' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in or create your account' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('keeps the scroll of a freshly loaded page by its path, of others by their history entry', () => {
    const fresh = { pathname: '/cart', search: '?lng=ar', hash: '', state: null, key: 'default' };
    expect(scrollKey(fresh)).toBe('/cart?lng=ar');
    expect(scrollKey({ ...fresh, key: 'x7k2' })).toBe('x7k2');
  });
});
