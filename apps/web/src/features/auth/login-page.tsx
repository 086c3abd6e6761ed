import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import { SignInBodySchema, type SignInBody } from '@dukkan/contracts/users';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordToggle } from '../../components/password-toggle';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { contractResolver, formField } from '../../lib/form-field';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';

import { AuthCard, AuthForm } from './auth-card';
import { selectAuth } from './auth-slice';
import { signIn } from './sign-in';

interface LoginForm {
  email: string;
  password: string;
}

/** Where to go after signing in: the same-site page that sent the shopper here, else home. */
export function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** The email the register page handed over, to save typing it twice. */
function emailFrom(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/**
 * `/login` (spec sections 2, 4, 5, 8): email and password, Continue reading 'Logging in...' and
 * disabled while the request runs. A failure shows the server's message — or the generic one
 * when no answer came back — inline and as a toast. Success goes home, or back to the page that
 * asked the shopper to sign in. 'Forgot password?' leads to /forgot-password (decision 0018).
 */
export function LoginPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('login.title') }));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { loading } = useAppSelector(selectAuth);
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    defaultValues: { email: emailFrom(location.state), password: '' },
    // A refused submit focuses its first problem once, in its own task (`focusFirstProblem`).
    shouldFocusError: false,
    // The contract checks presence (and bounds); the spec asks the form for an email's pattern and the password's length too.
    resolver: contractResolver<LoginForm, SignInBody>(SignInBodySchema, {
      bodyOf: (fields) => fields,
      wording: ({ field, issue }) => {
        if (issue.code === 'too_big') return t('errors.invalidCredentials');
        return field === 'email' ? t('errors.emailRequired') : t('errors.passwordRequired');
      },
      rules: ({ email, password }) => [
        ...(email.trim() !== '' && !EMAIL_PATTERN.test(email.trim()) ? [{ field: 'email', message: t('errors.emailInvalid') }] : []),
        ...(password !== '' && password.length < PASSWORD_MIN_LENGTH ? [{ field: 'password', message: t('errors.passwordMin') }] : []),
      ],
    }),
  });
  const busy = loading || isSubmitting;

  const onSubmit = async ({ email, password }: LoginForm) => {
    setFormError(null);
    const result = await dispatch(signIn({ email: email.trim().toLowerCase(), password }));
    if (signIn.fulfilled.match(result)) {
      await navigate(returnPath(location.state), { replace: true });
      return;
    }
    const failure = result.payload;
    const message = failure?.kind === 'message' ? failure.message : t('errors.generic');
    setFormError(message);
    void notify('error', message);
  };

  return (
    <AuthCard>
      <AuthForm
        title={t('login.title')}
        intro={t('login.text')}
        error={formError}
        onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
      >
        <TextField
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          {...formField(register, errors, 'email')}
        />
        <TextField
          id="login-password"
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          fullWidth
          slotProps={{
            htmlInput: { dir: 'ltr' },
            input: {
              endAdornment: (
                <PasswordToggle
                  shown={showPassword}
                  onToggle={() => setShowPassword((shown) => !shown)}
                  showLabel={t('login.showPassword')}
                  hideLabel={t('login.hidePassword')}
                />
              ),
            },
          }}
          {...formField(register, errors, 'password')}
        />
        <Link href="/forgot-password" sx={{ justifySelf: 'start', fontSize: '0.9rem' }}>
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </AuthForm>
      <Typography>
        {t('login.noAccount')} <Link href="/register">{t('login.createAccount')}</Link>
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>{t('login.footer')}</Typography>
      <Link href="/">{t('backToShop')}</Link>
    </AuthCard>
  );
}
