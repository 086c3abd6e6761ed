import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../lib/use-document-title';

import { AuthCard } from './auth-card';
import { selectSignedInUser } from './auth-slice';

/**
 * `/phoneverification` (spec section 2): greets the signed-in shopper and asks for a phone number.
 * Nothing is sent: "Send Code" has no behaviour yet, "Not Now" goes back to the shop. The label
 * says 10 digits; like the spec, the field does not enforce it.
 */
export function PhoneVerificationPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('phone.subtitle') }));
  const user = useAppSelector(selectSignedInUser);

  return (
    <AuthCard>
      <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
        {user ? t('phone.title', { name: user.name }) : t('phone.guestTitle')}
      </Typography>
      <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
        {t('phone.subtitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('phone.text')}</Typography>
      <Box component="form" onSubmit={(event) => event.preventDefault()} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('phone.label')}
          type="tel"
          name="phone"
          autoComplete="tel-national"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          {t('phone.sendCode')}
        </Button>
      </Box>
      <Link href="/" sx={{ justifySelf: 'center', fontWeight: 600 }}>
        {t('phone.notNow')}
      </Link>
      <Typography sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>{t('phone.notice')}</Typography>
    </AuthCard>
  );
}
