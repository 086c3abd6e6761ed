import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';

/** `/checkoutSuccess`: where the card page sends the shopper after paying (spec section 2). */
export function CheckoutSuccessPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('success.title') }));

  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <CheckCircleOutlinedIcon aria-hidden="true" sx={{ fontSize: 72, color: 'success.main' }} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {t('success.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{t('success.text')}</Typography>
      <Button href="/" variant="contained" size="large">
        {t('success.backHome')}
      </Button>
    </Box>
  );
}
