import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';

/** `/checkout`: addresses, summary and "Place Order" arrive with the checkout issue. */
export function CheckoutPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('checkout.title') }));

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1">{t('checkout.title')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('checkout.text')}</Typography>
    </Box>
  );
}
