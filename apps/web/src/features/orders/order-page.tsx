import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { useDocumentTitle } from '../../lib/use-document-title';

/** `/Order/:id`: the review of one order arrives with the orders issue. */
export function OrderPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('order.title') }));

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1">{t('order.title')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, overflowWrap: 'anywhere' }}>{t('order.number', { id })}</Typography>
    </Box>
  );
}
