import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useDocumentTitle } from '../lib/use-document-title';

/**
 * What unknown routes and route errors show (spec section 2). `standalone` wraps it in its own
 * `<main>` for when the main layout itself could not render.
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pageTitle', { page: t('notFound.title') }));

  return (
    <Box
      component={standalone ? 'main' : 'section'}
      sx={{
        minHeight: standalone ? '100vh' : '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 2,
        py: 8,
      }}
    >
      <svg width="120" height="96" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
        <rect x="14" y="26" width="92" height="62" rx="10" fill="#e6f1fc" />
        <path d="M38 26v-6a22 22 0 0 1 44 0v6" fill="none" stroke="#0071dc" strokeWidth="6" strokeLinecap="round" />
        <circle cx="46" cy="52" r="5" fill="#041e42" />
        <circle cx="74" cy="52" r="5" fill="#041e42" />
        <path d="M46 72q14-10 28 0" fill="none" stroke="#041e42" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('notFound.text')}</Typography>
      <Button variant="contained" size="large" onClick={() => void navigate('/')}>
        {t('notFound.returnHome')}
      </Button>
    </Box>
  );
}
