import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';
import { visuallyHidden } from '../../lib/visually-hidden';

/** `/payment`: an empty placeholder (spec route table); its heading is for screen readers only. */
export function PaymentPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('payment.title') }));

  return (
    <Box sx={{ minHeight: '40vh' }}>
      <h1 style={visuallyHidden}>{t('payment.title')}</h1>
    </Box>
  );
}
