import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useToday } from '../../lib/use-today';

const COLUMNS = ['about', 'service', 'shop', 'policies'] as const;

/** The footer: placeholder links (all `#`, spec section 2) and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const year = useToday().getFullYear();

  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: '#ffffff', mt: 6 }}>
      <Box sx={{ bgcolor: '#e6f1fc', color: 'text.primary', textAlign: 'center', py: 3, px: 2 }}>
        <Typography component="p" sx={{ fontWeight: 600, mb: 1 }}>
          {t('footer.feedbackTitle')}
        </Typography>
        <Button href="#" variant="outlined" color="inherit" size="small">
          {t('footer.feedback')}
        </Button>
      </Box>
      <Box
        component="nav"
        aria-label={t('footer.label')}
        sx={{
          maxWidth: 1536,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          py: 4,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 3,
          // The columns are plain elements styled here once, not a styled component each: every
          // page renders these twenty links on the server.
          '& h2': { m: 0, mb: 1.5, fontWeight: 700, fontSize: '1rem', lineHeight: 1.5 },
          '& ul': { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 },
          '& a': { color: 'inherit', fontSize: '0.9rem', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
        }}
      >
        {COLUMNS.map((column) => (
          <div key={column}>
            <h2>{t(`footer.columns.${column}.title`)}</h2>
            <ul>
              {t(`footer.columns.${column}.links`, { returnObjects: true }).map((label) => (
                <li key={label}>
                  <a href="#">{label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Box>
      <Typography
        component="p"
        sx={{ textAlign: 'center', fontSize: '0.85rem', py: 2, px: 2, borderTop: '1px solid rgba(255,255,255,0.25)' }}
      >
        {t('footer.copyright', { year })}
      </Typography>
    </Box>
  );
}
