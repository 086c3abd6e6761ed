import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';

import { AuthCard } from './auth-card';

/** `/register`: the registration form arrives with the authentication issue. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('register.title') }));
  return (
    <AuthCard>
      <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
        {t('register.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('register.text')}</Typography>
      <Typography>
        {t('register.haveAccount')} <Link href="/login">{t('register.signIn')}</Link>
      </Typography>
      <Link href="/">{t('backToShop')}</Link>
    </AuthCard>
  );
}
