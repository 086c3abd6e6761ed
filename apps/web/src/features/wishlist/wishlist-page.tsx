import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';

/** `/wishlist`: the saved items arrive with the wishlist issue. */
export function WishlistPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('wishlist.title') }));

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1">{t('wishlist.title')}</Typography>
      <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
        <FavoriteBorderIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{t('wishlist.empty')}</Typography>
      </Box>
    </Box>
  );
}
