import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** `/userprofile/address`: saved addresses and the add form arrive with the profile issue. */
export function AddressBookPage() {
  const { t } = useTranslation('account');
  return (
    <Box>
      <Typography variant="h2">{t('profile.addressTitle')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('profile.addressEmpty')}</Typography>
    </Box>
  );
}
