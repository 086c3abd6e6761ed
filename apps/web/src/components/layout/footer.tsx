import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
        }}
      >
        {COLUMNS.map((column) => (
          <Box key={column}>
            <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem', mb: 1.5 }}>
              {t(`footer.columns.${column}.title`)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {t(`footer.columns.${column}.links`, { returnObjects: true }).map((label) => (
                <li key={label}>
                  <Link href="#" underline="hover" sx={{ color: 'inherit', fontSize: '0.9rem' }}>
                    {label}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
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
