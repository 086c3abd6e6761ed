import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';

/** `/cart`: heading with the item count; the cart lines and summary arrive with the cart issue. */
export function CartPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('cart.title') }));
  const count = 0;

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1">
        {t('cart.title')}{' '}
        <Box component="span" sx={{ fontWeight: 400, fontSize: '1.1rem', color: 'text.secondary' }}>
          {t('cart.count', { count })}
        </Box>
      </Typography>
      <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
        <ShoppingCartOutlinedIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{t('cart.empty')}</Typography>
        <Button href="/" variant="contained">
          {t('cart.continueShopping')}
        </Button>
      </Box>
    </Box>
  );
}
