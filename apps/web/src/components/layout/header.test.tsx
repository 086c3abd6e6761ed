import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { category } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

import { CATEGORIES_MENU_MAX_HEIGHT } from './categories-menu-list';
import { Header } from './header';

const categories = [
  category('electronics', 'Electronics', 1),
  category('Patio&Garden', 'Patio & Garden', 2),
  category('Fashion', 'Fashion', 3),
];

function renderHeader(props: Partial<Parameters<typeof Header>[0]> = {}) {
  return renderWithProviders(<Header categories={categories} user={null} cartCount={0} onLogout={vi.fn()} {...props} />);
}

describe('Header', () => {
  it('is the banner landmark with the logo linking home', () => {
    renderHeader();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /Dukkan/ })).toHaveAttribute('href', '/');
  });

  it('shows guests Sign in and Register links', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('greets a signed-in user, links the profile and offers Logout', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderHeader({ user: { name: 'Mona' }, onLogout });
    expect(screen.getByRole('link', { name: 'Hi, Mona' })).toHaveAttribute('href', '/userprofile');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('links the wishlist and the cart, whose badge shows 0 when empty', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    const cart = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(cart).toHaveAttribute('href', '/Cart');
    expect(cart).toHaveTextContent('0');
  });

  it('shows the number of cart items', () => {
    renderHeader({ cartCount: 3 });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');
  });

  it('lists every category under Categories, each linking to its page', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Categories' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Electronics', '/electronics'],
      ['Patio & Garden', '/Patio&Garden'],
      ['Fashion', '/Fashion'],
    ]);
    expect(CATEGORIES_MENU_MAX_HEIGHT).toBe(761);
  });

  it('switches to Arabic: right-to-left, Arabic texts', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'السلة، لا توجد منتجات' })).toHaveAttribute('href', '/Cart');
  });
});
