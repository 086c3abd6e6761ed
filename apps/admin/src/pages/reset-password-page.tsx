import { StaffPasswordResetConfirmBodySchema } from '@dukkan/contracts/admin-staff';
import { STAFF_PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { useConfirmPasswordResetMutation } from '../app/api/session-api';
import { failureOf } from '../app/errors';
import { contractResolver, wordingOf } from '../app/form';
import { adminPaths } from '../app/paths';
import { NewPasswordField, PublicForm, PublicFrame, PublicLink, SubmitButton } from '../app/public-frame';

interface Fields {
  password: string;
}

/** The screen's part of the request: the new password (the token is the link's). */
const NewPassword = StaffPasswordResetConfirmBodySchema.pick({ password: true });

/**
 * `/admin/reset-password?token=`: the mailed link's screen, where the member chooses a new
 * password (the setup screen's field and rules). Then every session of the member has ended,
 * and the screen sends to sign-in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, { isLoading }] = useConfirmPasswordResetMutation();
  const [outcome, setOutcome] = useState<'changed' | 'badLink' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Fields>({
    defaultValues: { password: '' },
    resolver: contractResolver(NewPassword, { bodyOf: (fields: Fields) => fields, wording: wordingOf(t, { password: t('validation.passwordLength', { count: STAFF_PASSWORD_MIN_LENGTH }) }) }),
  });
  const { errors } = formState;

  async function onSubmit(fields: Fields) {
    setAlert(null);
    const result = await confirm({ token, password: fields.password });
    if (!('error' in result)) {
      setOutcome('changed');
      return;
    }
    const failure = failureOf(result.error);
    if (failure.field?.path === 'password') setError('password', { message: failure.field.message }, { shouldFocus: true });
    else if (failure.code === 'INVALID_RESET_LINK') setOutcome('badLink');
    else if (failure.status === null) setAlert(t('app.networkError'));
    else setAlert(failure.message || t('app.error', { message: String(failure.status) }));
  }

  const askAgain = <PublicLink to={adminPaths.forgotPassword()}>{t('resetPassword.askAgain')}</PublicLink>;

  let body;
  if (token === '') {
    body = (
      <Stack spacing={2}>
        <Alert severity="warning">{t('resetPassword.noToken')}</Alert>
        {askAgain}
      </Stack>
    );
  } else if (outcome === 'badLink') {
    body = (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {t('resetPassword.badLink')}
        </Alert>
        {askAgain}
      </Stack>
    );
  } else if (outcome === 'changed') {
    body = (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('resetPassword.changed')}
        </Alert>
        <Button component={RouterLink} to={adminPaths.signIn()} variant="contained" sx={{ alignSelf: 'flex-start' }}>
          {t('resetPassword.signIn')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <PublicForm onSubmit={handleSubmit(onSubmit)} intro={t('resetPassword.intro')} error={alert}>
        <NewPasswordField
          label={t('resetPassword.password')}
          registration={register('password')}
          error={errors.password}
          autoFocus
        />
        <SubmitButton busy={isLoading}>{t('resetPassword.submit')}</SubmitButton>
      </PublicForm>
    );
  }
  return <PublicFrame title={t('resetPassword.title')}>{body}</PublicFrame>;
}
