import { EMAIL_PATTERN } from '@dukkan/contracts/limits';
import { SignUpBodySchema, type SignUpBody } from '@dukkan/contracts/users';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { PasswordToggle } from '../../components/password-toggle';
import { errorMessageOf } from '../../lib/api-error';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { contractResolver, formField, isBlank } from '../../lib/form-field';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';

import { useSignUpMutation } from './auth-api';
import { AuthCard, AuthForm } from './auth-card';
import { rememberKeepSignedIn } from './token-storage';

interface RegisterForm {
  firstName: string;
  email: string;
  password: string;
  confirmpassword: string;
  keepSignedIn: boolean;
  marketingEmails: boolean;
}

/**
 * `/register` (spec sections 2, 5, 8): first name, email, password and its confirmation with one
 * shared show/hide toggle, both checkboxes ticked. Different passwords say 'Password mismatch'
 * and send nothing; the email is lower-cased before sending; success goes to /login.
 * 'Keep me signed in' is decision 0011; the marketing choice is saved on the user.
 */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('register.title') }));
  const navigate = useNavigate();
  const [signUp] = useSignUpMutation();
  const [showPasswords, setShowPasswords] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    defaultValues: { firstName: '', email: '', password: '', confirmpassword: '', keepSignedIn: true, marketingEmails: true },
    // A refused submit focuses its first problem once, in its own task (`focusFirstProblem`).
    shouldFocusError: false,
    resolver: contractResolver<RegisterForm, SignUpBody>(SignUpBodySchema, {
      bodyOf: ({ firstName, email, password, marketingEmails }) => ({ name: firstName, email, password, marketingEmails }),
      fieldOf: (path) => (path === 'name' ? 'firstName' : path),
      wording: (problem) => {
        if (problem.field === 'firstName') {
          if (isBlank(problem)) return t('errors.firstNameRequired');
          return problem.issue.code === 'too_big' ? t('errors.nameMax') : t('errors.nameMin');
        }
        if (problem.field === 'email') return t('errors.emailInvalid');
        // The spec shows 'Password is required' for a short password too.
        return t('errors.passwordRequired');
      },
      // Whether the two passwords match is said when the form is sent ('Password mismatch').
      rules: ({ confirmpassword }) => (confirmpassword === '' ? [{ field: 'confirmpassword', message: t('errors.confirmRequired') }] : []),
    }),
  });
  const typedEmail = useWatch({ control, name: 'email' }).trim();
  const checkbox = (name: 'keepSignedIn' | 'marketingEmails', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(_event, checked) => field.onChange(checked)}
            />
          }
        />
      )}
    />
  );

  const onSubmit = async ({ firstName, email, password, confirmpassword, keepSignedIn, marketingEmails }: RegisterForm) => {
    if (password !== confirmpassword) {
      setFormError(t('errors.mismatch'));
      return;
    }
    setFormError(null);
    const lowerEmail = email.trim().toLowerCase();
    const result = await signUp({ name: firstName.trim(), email: lowerEmail, password, marketingEmails });
    if ('error' in result) {
      const message = errorMessageOf(result.error) ?? t('errors.generic');
      setFormError(message);
      void notify('error', message);
      return;
    }
    rememberKeepSignedIn(keepSignedIn);
    void notify('success', t('register.created'));
    await navigate('/login', { state: { email: lowerEmail } });
  };

  const toggle = (
    <PasswordToggle
      shown={showPasswords}
      onToggle={() => setShowPasswords((shown) => !shown)}
      showLabel={t('register.showPasswords')}
      hideLabel={t('register.hidePasswords')}
    />
  );

  return (
    <AuthCard>
      <AuthForm
        title={t('register.title')}
        intro={t('register.text')}
        error={formError}
        onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
      >
        <TextField
          id="register-first-name"
          label={t('register.firstName')}
          autoComplete="given-name"
          required
          fullWidth
          {...formField(register, errors, 'firstName')}
        />
        <TextField
          id="register-email"
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          {...formField(register, errors, 'email')}
        />
        {EMAIL_PATTERN.test(typedEmail) ? (
          <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem', display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <span>{t('register.emailPreview', { email: typedEmail.toLowerCase() })}</span>
            <Link component="button" type="button" onClick={() => setFocus('email')}>
              {t('register.change')}
            </Link>
          </Typography>
        ) : null}
        <TextField
          id="register-password"
          label={t('register.password')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="new-password"
          required
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' }, input: { endAdornment: toggle } }}
          {...formField(register, errors, 'password')}
        />
        <TextField
          id="register-confirm-password"
          label={t('register.confirmPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="new-password"
          required
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          {...formField(register, errors, 'confirmpassword')}
        />
        <Box sx={{ display: 'grid' }}>
          {checkbox('keepSignedIn', t('register.keepSignedIn'))}
          <Typography sx={{ color: 'text.secondary', fontSize: '0.8rem', paddingInlineStart: '32px' }}>{t('register.keepSignedInHint')}</Typography>
          {checkbox('marketingEmails', t('register.marketing'))}
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </Button>
      </AuthForm>
      <Typography>
        {t('register.haveAccount')} <Link href="/login">{t('register.signIn')}</Link>
      </Typography>
      <Link href="/">{t('backToShop')}</Link>
    </AuthCard>
  );
}
