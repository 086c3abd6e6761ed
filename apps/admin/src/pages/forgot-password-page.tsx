import { StaffPasswordResetBodySchema } from '@dukkan/contracts/admin-staff';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useRequestPasswordResetMutation } from '../app/api/session-api';
import { failureOf } from '../app/errors';
import { contractResolver, wordingOf } from '../app/form';
import { adminPaths } from '../app/paths';
import { EmailField, PublicForm, PublicFrame, PublicLink, SubmitButton } from '../app/public-frame';

interface Fields {
  email: string;
}

/**
 * `/admin/forgot-password`: asks for the email and has the API mail a link to choose a new
 * password. The API answers every email alike, and so does this screen.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Fields>({
    defaultValues: { email: '' },
    resolver: contractResolver(StaffPasswordResetBodySchema, { bodyOf: (fields: Fields) => fields, wording: wordingOf(t, { email: t('validation.email') }) }),
  });
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

  const backToSignIn = <PublicLink to={adminPaths.signIn()}>{t('forgotPassword.backToSignIn')}</PublicLink>;

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
        <PublicForm onSubmit={handleSubmit(onSubmit)} intro={t('forgotPassword.intro')} error={alert}>
          <EmailField
            label={t('forgotPassword.email')}
            registration={register('email')}
            error={errors.email}
            autoFocus
          />
          <SubmitButton busy={isLoading}>{t('forgotPassword.submit')}</SubmitButton>
          {backToSignIn}
        </PublicForm>
      )}
    </PublicFrame>
  );
}
