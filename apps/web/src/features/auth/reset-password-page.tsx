import { ResetPasswordBodySchema, type ResetPasswordBody } from '@dukkan/contracts/users';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { useAppDispatch } from '../../app/hooks';
import { PasswordToggle } from '../../components/password-toggle';
import { errorCodeOf, errorMessageOf } from '../../lib/api-error';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { contractResolver, formField } from '../../lib/form-field';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';

import { useResetPasswordMutation } from './auth-api';
import { AuthCard, AuthForm } from './auth-card';
import { loggedOut } from './auth-slice';

interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

/** The link's token, when it can be one (the contract's bounds); otherwise the link is broken. */
function tokenFrom(params: URLSearchParams): string | null {
  const token = params.get('token');
  return token !== null && ResetPasswordBodySchema.shape.token.safeParse(token).success ? token : null;
}

/**
 * 'This reset link is invalid or has expired…' (role="alert") with the way to a fresh one. When
 * the server refused the link, the form the shopper was in is gone: the link takes the focus.
 */
function InvalidLink({ focusLink }: { focusLink: boolean }) {
  const { t } = useTranslation('account');
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focusLink) link.current?.focus();
  }, [focusLink]);
  return (
    <Alert severity="error">
      <Typography sx={{ mb: 1 }}>{t('reset.invalidLink')}</Typography>
      <Link ref={link} href="/forgot-password" color="inherit" sx={{ fontWeight: 600 }}>
        {t('reset.askForNewLink')}
      </Link>
    </Alert>
  );
}

/**
 * `/reset-password?token=…` (beyond the spec; decision 0018): the new password twice, with one
 * shared show/hide toggle as on /register. Success ends every session on the server, so this
 * browser forgets its token too (the sign-out event, without the Logout toast) and the shopper
 * signs in again at /login, told so by a toast. A link that is missing, unknown, used or expired
 * says so — at once when the address has no usable token — and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('reset.title') }));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = tokenFrom(params);
  const [resetPassword] = useResetPasswordMutation();
  const [showPasswords, setShowPasswords] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    defaultValues: { password: '', confirmPassword: '' },
    // A refused submit focuses its first problem once, in its own task (`focusFirstProblem`).
    shouldFocusError: false,
    resolver: contractResolver<ResetPasswordForm, ResetPasswordBody>(ResetPasswordBodySchema, {
      bodyOf: ({ password }) => ({ token: token ?? '', password }),
      // The link's token is not the shopper's to fix: without a usable one the form is not shown.
      fieldOf: (path) => (path === 'password' ? path : null),
      wording: ({ issue, value }) => {
        if (value === '') return t('errors.passwordRequired');
        return issue.code === 'too_big' ? t('errors.passwordMax') : t('errors.passwordMin');
      },
      rules: ({ password, confirmPassword }) => {
        if (confirmPassword === '') return [{ field: 'confirmPassword', message: t('errors.confirmRequired') }];
        return confirmPassword === password ? [] : [{ field: 'confirmPassword', message: t('errors.passwordsDoNotMatch') }];
      },
    }),
  });

  const onSubmit = async ({ password }: ResetPasswordForm) => {
    if (!token) return;
    setFormError(null);
    const result = await resetPassword({ token, password });
    if ('error' in result) {
      if (errorCodeOf(result.error) === 'INVALID_RESET_LINK') {
        setLinkRefused(true);
        return;
      }
      const message = errorMessageOf(result.error) ?? t('errors.generic');
      setFormError(message);
      void notify('error', message);
      return;
    }
    // Every session of the account has ended: this browser's token no longer works either.
    dispatch(loggedOut());
    void notify('success', t('reset.changed'));
    await navigate('/login', { replace: true });
  };

  const toggle = (
    <PasswordToggle
      shown={showPasswords}
      onToggle={() => setShowPasswords((shown) => !shown)}
      showLabel={t('reset.showPasswords')}
      hideLabel={t('reset.hidePasswords')}
    />
  );

  const linkBroken = !token || linkRefused;
  return (
    <AuthCard>
      {linkBroken ? (
        <>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            {t('reset.title')}
          </Typography>
          <InvalidLink focusLink={linkRefused} />
        </>
      ) : (
        <AuthForm
          title={t('reset.title')}
          intro={t('reset.text')}
          error={formError}
          onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
        >
          <TextField
            id="reset-password"
            label={t('reset.password')}
            type={showPasswords ? 'text' : 'password'}
            autoComplete="new-password"
            required
            fullWidth
            slotProps={{ htmlInput: { dir: 'ltr' }, input: { endAdornment: toggle } }}
            {...formField(register, errors, 'password')}
          />
          <TextField
            id="reset-confirm-password"
            label={t('reset.confirmPassword')}
            type={showPasswords ? 'text' : 'password'}
            autoComplete="new-password"
            required
            fullWidth
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            {...formField(register, errors, 'confirmPassword')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            {isSubmitting ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </AuthForm>
      )}
      <Link href="/login">{t('reset.backToSignIn')}</Link>
    </AuthCard>
  );
}
