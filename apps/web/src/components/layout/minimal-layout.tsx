import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { useToday } from '../../lib/use-today';
import { PageFallback } from '../page-fallback';

import { FocusKeeper } from './focus-keeper';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';

/** The frame of the pages outside the main layout: sign in, register, password reset, phone verification. */
export function MinimalLayout() {
  const { t } = useTranslation();
  const year = useToday().getFullYear();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: '#f2f8fd' }}>
      <FocusKeeper />
      <Box
        component="header"
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: { xs: 2, md: 4 },
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          '& :focus-visible': { outline: '3px solid #ffffff', outlineOffset: 2 },
        }}
      >
        <Logo />
        <LanguageMenu />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2, px: 2 }}>
        <Typography sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
          {t('footer.copyright', { year })}
        </Typography>
      </Box>
    </Box>
  );
}
