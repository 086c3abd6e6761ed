import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageMenu } from './language-menu';

/** The frame of the screens before sign-in: the shop's name, the language menu and one card. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f2f8fd', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', p: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {t('app.title')}
        </Typography>
        <LanguageMenu />
      </Box>
      <Box component="main" id="main" sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}>
        <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 440 }}>
          <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
