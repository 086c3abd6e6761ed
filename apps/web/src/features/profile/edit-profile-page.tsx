import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** `/userprofile` (index): the profile form arrives with the profile issue. */
export function EditProfilePage() {
  const { t } = useTranslation('account');
  return (
    <Box>
      <Typography variant="h2">{t('profile.editTitle')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('profile.editText')}</Typography>
    </Box>
  );
}
