import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';

import { AuthCard } from './auth-card';

/** `/login`: the sign-in form arrives with the authentication issue. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('login.title') }));
  return (
    <AuthCard>
      <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
        {t('login.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('login.text')}</Typography>
      <Typography>
        {t('login.noAccount')} <Link href="/register">{t('login.createAccount')}</Link>
      </Typography>
      <Link href="/">{t('backToShop')}</Link>
    </AuthCard>
  );
}
