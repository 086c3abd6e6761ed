import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';

import { useSignedInUser } from '../../app/hooks';
import { PageFallback } from '../../components/page-fallback';
import { useDocumentTitle } from '../../lib/use-document-title';

const MENU = [
  { to: '/userprofile', key: 'profile', end: true },
  { to: '/userprofile/address', key: 'address', end: false },
  { to: '/userprofile/pastOrders', key: 'pastOrders', end: false },
  { to: '/userprofile/upcomingOrders', key: 'upcomingOrders', end: false },
] as const;

/**
 * `/userprofile`: the account area with its side menu; the child routes render beside it. A
 * signed-out visitor is sent to /login, which brings them back here after signing in.
 */
export function ProfileLayout() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('profile.title') }));
  const user = useSignedInUser();
  const location = useLocation();
  // One object while the address stays: <Navigate> navigates again whenever its `state` changes,
  // and under Preact (decision 0021) it renders again while the navigation to /login is under way.
  const from = `${location.pathname}${location.search}`;
  const returnTo = useMemo(() => ({ from }), [from]);

  if (!user) return <Navigate to="/login" replace state={returnTo} />;

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('profile.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { md: '240px minmax(0, 1fr)' } }}>
        <Box component="nav" aria-label={t('profile.menuLabel')}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {MENU.map((item) => (
              <li key={item.key}>
                <Box
                  component={NavLink}
                  to={item.to}
                  end={item.end}
                  sx={{
                    display: 'block',
                    px: 2,
                    py: 1.25,
                    borderRadius: 2,
                    color: 'text.primary',
                    textDecoration: 'none',
                    fontWeight: 600,
                    '&:hover': { bgcolor: 'action.hover' },
                    '&.active': { bgcolor: '#e6f1fc', color: 'primary.dark' },
                  }}
                >
                  {t(`profile.menu.${item.key}`)}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <Box component="section">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
