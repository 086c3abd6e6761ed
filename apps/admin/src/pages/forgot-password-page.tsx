import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { adminApi } from '../app/api';
import { failureOf } from '../app/errors';
import { EMAIL, errorProps } from '../app/form';
import { PublicFrame } from '../app/public-frame';

interface Fields {
  email: string;
}

/**
 * `/admin/forgot-password`: asks for the email and has the API mail a link to choose a new
 * password. The API answers every email alike, and so does this screen.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [request, { isLoading }] = adminApi.useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Fields>({ defaultValues: { email: '' } });
  const { errors } = formState;

  async function onSubmit(fields: Fields) {
    setAlert(null);
    const email = fields.email.trim();
    const result = await request({ email });
    if (!('error' in result)) {
      setSentTo(email);
      return;
    }
    const failure = failureOf(result.error);
    if (failure.status === 429) setAlert(t('forgotPassword.tooMany'));
    else if (failure.status === null) setAlert(t('app.networkError'));
    else setAlert(failure.message || t('app.error', { message: String(failure.status) }));
  }

  const backToSignIn = (
    <Link component={RouterLink} to="/sign-in" sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}>
      {t('forgotPassword.backToSignIn')}
    </Link>
  );

  return (
    <PublicFrame title={t('forgotPassword.title')}>
      {sentTo !== null ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {t('forgotPassword.sent', { email: sentTo })}
          </Alert>
          {backToSignIn}
        </Stack>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <Stack spacing={2}>
            <Typography>{t('forgotPassword.intro')}</Typography>
            {alert ? (
              <Alert severity="error" role="alert">
                {alert}
              </Alert>
            ) : null}
            <TextField
              label={t('forgotPassword.email')}
              type="email"
              autoComplete="username"
              required
              autoFocus
              {...register('email', { required: t('validation.required'), pattern: { value: EMAIL, message: t('validation.email') } })}
              {...errorProps(errors.email)}
            />
            <Button type="submit" variant="contained" loading={isLoading}>
              {t('forgotPassword.submit')}
            </Button>
            {backToSignIn}
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
