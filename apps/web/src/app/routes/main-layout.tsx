import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';

import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { SecondaryBar } from '../../components/layout/secondary-bar';
import { SkipLink } from '../../components/layout/skip-link';
import { PageFallback } from '../../components/page-fallback';
import { interimProductActions, ProductActionsProvider } from '../../components/product-actions';
import { loggedOut, selectSignedInUser } from '../../features/auth/auth-slice';
import { useListCategoriesQuery } from '../../features/catalog/catalog-api';
import { HeaderSearch } from '../../features/search/header-search';
import { notify } from '../../lib/notify';
import { clearStorage } from '../../lib/storage';
import { useLanguage } from '../../lib/use-language';
import { useAppDispatch, useAppSelector } from '../hooks';

/** Spec section 9: after logging out, the shopper is sent to sign in 2 s later. */
export const LOGOUT_REDIRECT_DELAY_MS = 2000;

const MAIN_ID = 'main';

/** Header, secondary bar, the page, footer: the frame of every page of the route table. */
export function MainLayout() {
  const { t } = useTranslation();
  const { t: tCatalog } = useTranslation('catalog');
  const lng = useLanguage();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const user = useAppSelector(selectSignedInUser);
  // Header and secondary bar show the departments; failures leave them empty (spec section 8).
  const { data: categories = [] } = useListCategoriesQuery({ lng });
  // The heart, Add and Add to card buttons: toasts until the cart and wishlist features exist.
  const productActions = useMemo(() => interimProductActions(tCatalog, user !== null), [tCatalog, user]);

  function handleLogout() {
    clearStorage();
    // The store's listener also empties RTK Query's cache: nothing of this shopper stays.
    dispatch(loggedOut());
    void notify('success', t('loggedOut'));
    window.setTimeout(() => void navigate('/login'), LOGOUT_REDIRECT_DELAY_MS);
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink targetId={MAIN_ID} />
      {navigation.state !== 'idle' ? (
        <LinearProgress
          color="secondary"
          aria-label={t('loading')}
          sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 1400 }}
        />
      ) : null}
      <Header
        categories={categories}
        user={user}
        // The cart feature (its own issue) provides the count; an empty cart shows 0.
        cartCount={0}
        onLogout={handleLogout}
        search={<HeaderSearch />}
      />
      <SecondaryBar categories={categories} />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flex: 1, width: '100%', maxWidth: 1536, mx: 'auto', px: { xs: 1.5, sm: 2, md: 3 }, pt: { xs: 2, md: 3 }, outline: 'none' }}
      >
        <ProductActionsProvider value={productActions}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ProductActionsProvider>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
