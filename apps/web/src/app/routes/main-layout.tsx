import type { AutomaticPromotion } from '@dukkan/contracts/promotions';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';

import { FocusKeeper } from '../../components/layout/focus-keeper';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { SecondaryBar } from '../../components/layout/secondary-bar';
import { SkipLink } from '../../components/layout/skip-link';
import { PageFallback } from '../../components/page-fallback';
import { type ProductActions, ProductActionsProvider } from '../../components/product-actions';
import { ProductPromotionsProvider } from '../../components/product-promotion';
import { loggedOut, selectSignedInUser } from '../../features/auth/auth-slice';
import { useCart, useCartProductActions } from '../../features/cart/use-cart';
import { useListAutomaticPromotionsQuery, useListCategoriesQuery } from '../../features/catalog/catalog-api';
import { HeaderSearch } from '../../features/search/header-search';
import { useWishlistProductActions } from '../../features/wishlist/use-wishlist';
import { DeferHydration } from '../../lib/deferred-hydration';
import { notify } from '../../lib/notify';
import { clearStorage } from '../../lib/storage';
import { useLanguage } from '../../lib/use-language';
import { useAppDispatch, useAppSelector } from '../hooks';

// The bar shown while the next page loads: never on a first load, so its code comes with the first navigation.
const NavigationProgress = lazy(() => import('../../components/navigation-progress'));

/** Spec section 9: after logging out, the shopper is sent to sign in 2 s later. */
export const LOGOUT_REDIRECT_DELAY_MS = 2000;

const MAIN_ID = 'main';

/**
 * Where a page's scroll position is kept. Every freshly loaded document starts at the location
 * key `default`, so keying by it alone would restore the last page's position on a different
 * page loaded afresh (a typed URL, a bookmark); such entries are kept by path instead.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * The product buttons of every page (heart, Add, Add to card, Buy Now, Move To Cart), given to
 * the page: inside the page's own part, so the layout's hydration does not wait for them.
 */
function WithProductActions({ children }: { children: ReactNode }) {
  const { addToCart } = useCartProductActions();
  const { isInWishlist, toggleWishlist } = useWishlistProductActions();
  const productActions = useMemo<ProductActions>(() => ({ addToCart, isInWishlist, toggleWishlist }), [addToCart, isInWishlist, toggleWishlist]);
  // The automatic promotions, named on the products they cover (issue #35); read with the
  // departments while the page is rendered, so the first paint has them.
  const { data: promotions = NO_PROMOTIONS } = useListAutomaticPromotionsQuery({ lng: useLanguage() });
  return (
    <ProductActionsProvider value={productActions}>
      <ProductPromotionsProvider value={promotions}>{children}</ProductPromotionsProvider>
    </ProductActionsProvider>
  );
}

const NO_PROMOTIONS: readonly AutomaticPromotion[] = [];

/** Header, secondary bar, the page, footer: the frame of every page of the route table. */
export function MainLayout() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // The server renders the guest's header (it cannot see the stored token); the header shows the
  // shopper's name once its part is live, in the same space.
  const user = useAppSelector(selectSignedInUser);
  // Header and secondary bar show the departments; failures leave them empty (spec section 8).
  const { data: categories = [] } = useListCategoriesQuery({ lng });
  // Spec section 4: the cart loads when the header mounts and again on a language change.
  const { data: cart } = useCart();

  function handleLogout() {
    clearStorage();
    // The store's listener also empties RTK Query's cache: nothing of this shopper stays.
    dispatch(loggedOut());
    void notify('success', t('loggedOut'));
    window.setTimeout(() => void navigate('/login'), LOGOUT_REDIRECT_DELAY_MS);
  }

  return (
    <div className="dk-page">
      <SkipLink targetId={MAIN_ID} />
      <FocusKeeper />
      {navigation.state !== 'idle' ? (
        <Suspense fallback={null}>
          <NavigationProgress label={t('loading')} />
        </Suspense>
      ) : null}
      <Header
        categories={categories}
        user={user}
        cartCount={cart?.count ?? 0}
        onLogout={handleLogout}
        search={<HeaderSearch />}
      />
      {/* Links, which work as served: it hydrates only when touched (lib/deferred-hydration.tsx). */}
      <DeferHydration hydrate="touched">
        <SecondaryBar categories={categories} />
      </DeferHydration>
      {/* At least a screen high: the footer starts below the fold, so a page that grows as its
          data arrives (the session's pages render after hydration) moves nothing in view (CLS). */}
      <main id={MAIN_ID} tabIndex={-1} className="dk-main">
        {/* On a server-rendered page the page itself hydrates in a task of its own, right after
            the layout: the two would otherwise be one long task (lib/deferred-hydration.tsx). */}
        <DeferHydration hydrate="eager">
          <WithProductActions>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </WithProductActions>
        </DeferHydration>
      </main>
      {/* Links and text, which work as served: it hydrates only when touched (lib/deferred-hydration.tsx). */}
      <DeferHydration hydrate="touched">
        <Footer />
      </DeferHydration>
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
