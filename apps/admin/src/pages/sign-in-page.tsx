import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { adminApi } from '../app/api';
import { failureOf } from '../app/errors';
import { emailRules, errorProps } from '../app/form';
import { adminPaths } from '../app/paths';
import { EmailField, PublicForm, PublicFrame, PublicLink, SubmitButton } from '../app/public-frame';
import { homeOf } from '../app/roles';

interface Fields {
  email: string;
  password: string;
  code: string;
}

/**
 * Sign-in: email and password, then — when the API answers 401 `TWO_FACTOR_REQUIRED` — a second
 * step asking for the authenticator's code, sent with the same email and password.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [signIn, { isLoading }] = adminApi.useSignInMutation();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Fields>({ defaultValues: { email: '', password: '', code: '' } });
  const { errors } = formState;

  async function onSubmit(fields: Fields) {
    setAlert(null);
    const result = await signIn({ email: fields.email.trim(), password: fields.password, ...(step === 'code' ? { code: fields.code.trim() } : {}) });
    if ('data' in result && result.data) {
      const from = (location.state as { from?: unknown } | null)?.from;
      const back = typeof from === 'string' && from.startsWith('/') && !from.startsWith(adminPaths.signIn()) ? from : homeOf(result.data.role);
      // A member the owner requires two-factor of sets it up first.
      await navigate(result.data.twoFactorSetupRequired ? adminPaths.account() : back, { replace: true });
      return;
    }
    const failure = failureOf(result.error);
    if (failure.code === 'TWO_FACTOR_REQUIRED') {
      setStep('code');
      setTimeout(() => setFocus('code'), 0);
    } else if (failure.code === 'TWO_FACTOR_INVALID') {
      setError('code', { message: t('signIn.badCode') }, { shouldFocus: true });
    } else if (failure.status === 401) {
      setAlert(t('signIn.failed'));
    } else if (failure.status === 429) {
      setAlert(t('signIn.tooMany'));
    } else if (failure.status === null) {
      setAlert(t('app.networkError'));
    } else {
      setAlert(failure.message || t('app.error', { message: String(failure.status) }));
    }
  }

  return (
    <PublicFrame title={t('signIn.title')}>
      <PublicForm onSubmit={handleSubmit(onSubmit)} error={alert}>
        {step === 'password' ? (
          <>
            <EmailField
              label={t('signIn.email')}
              registration={register('email', emailRules({ required: t('validation.required'), invalid: t('validation.email') }))}
              error={errors.email}
              autoFocus
            />
            <TextField
              label={t('signIn.password')}
              type="password"
              autoComplete="current-password"
              required
              {...register('password', { required: t('validation.required') })}
              {...errorProps(errors.password)}
            />
          </>
        ) : (
          <>
            <Alert severity="info">{t('signIn.codeHelp')}</Alert>
            <TextField
              label={t('signIn.code')}
              autoComplete="one-time-code"
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, dir: 'ltr' } }}
              {...register('code', { required: t('validation.required'), pattern: { value: /^\s*\d{6}\s*$/, message: t('validation.code') } })}
              {...errorProps(errors.code)}
            />
          </>
        )}
        <Stack direction="row" spacing={1}>
          <SubmitButton busy={isLoading}>{step === 'password' ? t('signIn.submit') : t('signIn.verify')}</SubmitButton>
          {step === 'code' ? <Button onClick={() => setStep('password')}>{t('signIn.back')}</Button> : null}
        </Stack>
        {step === 'password' ? <PublicLink to={adminPaths.forgotPassword()}>{t('signIn.forgot')}</PublicLink> : null}
      </PublicForm>
    </PublicFrame>
  );
}
