import type { Category } from '@dukkan/contracts/catalog';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DeferHydration } from '../../lib/deferred-hydration';
import { useHydrated } from '../../lib/use-hydrated';
import { Icon } from '../icons';

import { CategoriesMenu } from './categories-menu';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { SearchBox } from './search-box';

export interface HeaderProps {
  categories: readonly Category[];
  /** The signed-in user, or `null` for a guest. */
  user: { name: string } | null;
  /** Number of items in the cart (0 when none). */
  cartCount: number;
  onLogout: () => void;
  /** The search box; the main layout passes one with suggestions (the search feature's). */
  search?: ReactNode;
}

function AccountLinks({ user: signedIn, onLogout }: Pick<HeaderProps, 'user' | 'onLogout'>) {
  const { t } = useTranslation();
  // The guest's links until this part is live: it hydrates after the page, as the server rendered it.
  const user = useHydrated() ? signedIn : null;

  if (user) {
    return (
      <div className="dk-account dk-account--signed-in">
        <Link to="/userprofile">{t('header.greeting', { name: user.name })}</Link>
        <button type="button" onClick={onLogout}>
          {t('header.logout')}
        </button>
      </div>
    );
  }
  return (
    <div className="dk-account">
      <Icon name="person" className="dk-account__icon" />
      <Link to="/login">{t('header.signIn')}</Link>
      <Link to="/register">{t('header.register')}</Link>
    </div>
  );
}

function WishlistAndCart({ cartCount }: Pick<HeaderProps, 'cartCount'>) {
  const { t } = useTranslation();
  // An empty cart until this part is live, as the server rendered it (it cannot see the cart).
  const count = useHydrated() ? cartCount : 0;
  return (
    <>
      <Link to="/wishlist" className="dk-icon-button" aria-label={t('header.wishlist')}>
        <Icon name="favoriteBorder" />
      </Link>
      <Link to="/Cart" className="dk-icon-button" aria-label={t('header.cartCount', { count })}>
        <span className="dk-badge-anchor">
          <Icon name="cart" />
          <span className="dk-badge">{count > 99 ? '99+' : count}</span>
        </span>
      </Link>
    </>
  );
}

/**
 * The header of every main-layout page (spec section 2), plain elements styled by app/shop.css
 * (decision 0027). Phones get two rows: logo, account,
 * wishlist and cart; then categories, search and language. On a server-rendered page each of
 * its controls hydrates in a task of its own, right after the page, whether in view or not: they
 * show the session (lib/deferred-hydration.tsx).
 */
export function Header({ categories, user, cartCount, onLogout, search = <SearchBox /> }: HeaderProps) {
  return (
    <header className="dk-header">
      <div className="dk-header__bar">
        <div className="dk-header__logo">
          {/* A link, which works as served: it hydrates only when touched. */}
          <DeferHydration hydrate="touched">
            <Logo />
          </DeferHydration>
        </div>
        <div className="dk-header__categories">
          <DeferHydration hydrate="eager">
            <CategoriesMenu categories={categories} />
          </DeferHydration>
        </div>
        <div className="dk-header__search">
          <DeferHydration hydrate="eager">{search}</DeferHydration>
        </div>
        <div className="dk-header__language">
          <DeferHydration hydrate="eager">
            <LanguageMenu />
          </DeferHydration>
        </div>
        {/* Pushes the account and icons to the end of the first row on phones. */}
        <div className="dk-header__spacer" aria-hidden="true" />
        <div className="dk-header__account">
          <DeferHydration hydrate="eager">
            <AccountLinks user={user} onLogout={onLogout} />
          </DeferHydration>
        </div>
        <div className="dk-header__icons">
          <DeferHydration hydrate="eager">
            <WishlistAndCart cartCount={cartCount} />
          </DeferHydration>
        </div>
        {/* Line break before the second row on phones. */}
        <div className="dk-header__break" aria-hidden="true" />
      </div>
    </header>
  );
}
