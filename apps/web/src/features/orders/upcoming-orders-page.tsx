import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** `/userprofile/upcomingOrders`: the order cards arrive with the orders issue. */
export function UpcomingOrdersPage() {
  const { t } = useTranslation('account');
  return (
    <Box>
      <Typography variant="h2">{t('profile.upcomingTitle')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('profile.upcomingEmpty')}</Typography>
    </Box>
  );
}
