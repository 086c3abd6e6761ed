import type { StaffRole } from '@dukkan/contracts/admin-staff';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';

import { adminApi } from './api';
import { useGetSessionQuery, useSignOutMutation } from './api/session-api';
import { failureOf } from './errors';
import { HeadingFocus } from './heading-focus';
import { LanguageMenu } from './language-menu';
import { adminPaths } from './paths';
import { mayUse, SCREENS, type Screen } from './roles';

export function Busy() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

/** The signed-in staff member; only under RequireSession, which has loaded it. */
export function useStaff() {
  const { data } = useGetSessionQuery(undefined);
  if (!data) throw new Error('useStaff outside RequireSession');
  return data;
}

/** Loads the session: without one (401) every screen sends to sign-in, and back after it. */
export function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useGetSessionQuery(undefined);
  // A refetch that fails keeps the last staff member in `data`: a 401 wins over it (the session ended).
  const failure = session.error ? failureOf(session.error) : null;
  if (failure && (failure.status === 401 || failure.status === 403) && !session.isFetching) {
    return <Navigate to={adminPaths.signIn()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (session.data) return <Outlet />;
  if (session.isLoading || session.isFetching || !failure) return <Busy />;
  return (
    <Box role="alert" sx={{ p: 4 }}>
      {failure.status === null ? t('app.networkError') : t('app.error', { message: failure.message })}{' '}
      <Button onClick={() => void session.refetch()}>{t('app.retry')}</Button>
    </Box>
  );
}

export function RequireRole({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const staff = useStaff();
  // Until a required two-factor setup is done, only the account screen opens.
  if (staff.twoFactorSetupRequired && screen !== 'account') return <Navigate to={adminPaths.account()} replace />;
  return mayUse(staff.role, screen) ? <Outlet /> : <Typography role="alert">{t('app.forbidden')}</Typography>;
}

const NAV: { screen: Screen; to: string }[] = [
  { screen: 'dashboard', to: adminPaths.dashboard() },
  { screen: 'orders', to: adminPaths.orders() },
  { screen: 'customers', to: adminPaths.customers() },
  { screen: 'reviews', to: adminPaths.reviews() },
  { screen: 'products', to: adminPaths.products() },
  { screen: 'promotions', to: adminPaths.promotions() },
  { screen: 'import', to: adminPaths.import() },
  { screen: 'staff', to: adminPaths.staff() },
  { screen: 'audit', to: adminPaths.audit() },
  { screen: 'account', to: adminPaths.account() },
];

/**
 * The links a role may follow (owner: all; catalog: dashboard, products, promotions, import, account;
 * support: dashboard, orders, customers, reviews, account).
 */
export function navFor(role: StaffRole) {
  return NAV.filter(({ screen }) => (SCREENS[screen] as readonly StaffRole[]).includes(role));
}

/** The frame of every signed-in screen: skip link, the bar with navigation, language and sign-out; the focus goes to each new screen's heading. */
export function Layout() {
  const { t } = useTranslation();
  const staff = useStaff();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [signOut, signingOut] = useSignOutMutation();

  async function onSignOut() {
    const result = await signOut(undefined);
    if ('error' in result) {
      toast.error(failureOf(result.error).message || t('app.networkError'));
      return;
    }
    await navigate(adminPaths.signIn(), { replace: true });
    dispatch(adminApi.util.resetApiState());
  }

  return (
    <>
      <HeadingFocus />
      <Link
        href="#main"
        sx={{ position: 'absolute', insetInlineStart: 8, top: -48, zIndex: 2000, bgcolor: 'background.paper', p: 1, '&:focus': { top: 8 } }}
      >
        {t('app.skip')}
      </Link>
      <AppBar position="static" color="secondary" component="header">
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
            {t('app.title')}
          </Typography>
          <Box component="nav" aria-label={t('app.mainNav')} sx={{ flexGrow: 1 }}>
            <Box component="ul" sx={{ display: 'flex', gap: 1, listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}>
              {navFor(staff.role).map(({ screen, to }) => (
                <li key={screen}>
                  <Button
                    component={NavLink}
                    to={to}
                    end={to === adminPaths.dashboard()}
                    color="inherit"
                    sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: 6, textDecorationThickness: 2 } }}
                  >
                    {t(`nav.${screen}`)}
                  </Button>
                </li>
              ))}
            </Box>
          </Box>
          <Typography variant="body2">{t('app.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}</Typography>
          <LanguageMenu />
          <Button color="inherit" variant="outlined" onClick={() => void onSignOut()} disabled={signingOut.isLoading}>
            {t('app.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" tabIndex={-1} maxWidth="xl" sx={{ py: 3, outline: 'none' }}>
        <Suspense fallback={<Busy />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
