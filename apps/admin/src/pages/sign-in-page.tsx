import { StaffEmailSchema, StaffSignInBodySchema, TwoFactorCodeSchema, type StaffSignInBody } from '@dukkan/contracts/admin-staff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useSignInMutation } from '../app/api/session-api';
import { failureOf } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { adminPaths } from '../app/paths';
import { EmailField, PublicForm, PublicFrame, PublicLink, SubmitButton } from '../app/public-frame';
import { homeOf } from '../app/roles';

interface Fields {
  email: string;
  password: string;
  code: string;
}

/** The first step's check: an email as staff emails are, and a password; the second step's adds the authenticator's code. */
const PasswordStep = StaffSignInBodySchema.extend({ email: StaffEmailSchema });
const CodeStep = PasswordStep.extend({ code: TwoFactorCodeSchema });

/** What sign-in sends at a step: the code only once it was asked for. */
function signInBodyOf(fields: Fields, step: 'password' | 'code') {
  return { email: fields.email.trim(), password: fields.password, ...(step === 'code' ? { code: fields.code.trim() } : {}) };
}

/**
 * Sign-in: email and password, then — when the API answers 401 `TWO_FACTOR_REQUIRED` — a second
 * step asking for the authenticator's code, sent with the same email and password.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [signIn, { isLoading }] = useSignInMutation();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Fields>({
    defaultValues: { email: '', password: '', code: '' },
    resolver: contractResolver<Fields, StaffSignInBody>(step === 'code' ? CodeStep : PasswordStep, {
      bodyOf: (fields) => signInBodyOf(fields, step),
      wording: wordingOf(t, { email: t('validation.email'), code: t('validation.code') }),
    }),
  });
  const { errors } = formState;

  async function onSubmit(fields: Fields) {
    setAlert(null);
    const result = await signIn(signInBodyOf(fields, step));
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
              registration={register('email')}
              error={errors.email}
              autoFocus
            />
            <TextField
              label={t('signIn.password')}
              type="password"
              autoComplete="current-password"
              required
              {...register('password')}
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
              {...register('code')}
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
