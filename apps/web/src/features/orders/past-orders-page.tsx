import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** `/userprofile/pastOrders`: the order cards arrive with the orders issue. */
export function PastOrdersPage() {
  const { t } = useTranslation('account');
  return (
    <Box>
      <Typography variant="h2">{t('profile.pastTitle')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('profile.pastEmpty')}</Typography>
    </Box>
  );
}
