import { PASSWORD_RESET_MINUTES } from '@dukkan/contracts/limits';
import { ForgotPasswordBodySchema, type ForgotPasswordBody } from '@dukkan/contracts/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { errorMessageOf } from '../../lib/api-error';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { contractResolver, formField, isBlank } from '../../lib/form-field';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';

import { useForgotPasswordMutation } from './auth-api';
import { AuthCard, AuthForm } from './auth-card';

interface ForgotPasswordForm {
  email: string;
}

/**
 * `/forgot-password` (beyond the spec; decision 0018): the shopper's email, then always the same
 * answer in a live region — whether the address has an account or not, so the page tells nobody
 * which addresses do. The form stays, to send again; each answer is announced afresh. A refusal
 * (too many requests) shows the server's message inline and as a toast.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('forgot.title') }));
  const [forgotPassword] = useForgotPasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({
    defaultValues: { email: '' },
    // A refused submit focuses its first problem once, in its own task (`focusFirstProblem`).
    shouldFocusError: false,
    resolver: contractResolver<ForgotPasswordForm, ForgotPasswordBody>(ForgotPasswordBodySchema, {
      bodyOf: (fields) => fields,
      wording: (problem) => (isBlank(problem) ? t('errors.emailRequired') : t('errors.emailInvalid')),
    }),
  });

  const onSubmit = async ({ email }: ForgotPasswordForm) => {
    setFormError(null);
    setSent(false);
    const result = await forgotPassword({ email: email.trim().toLowerCase() });
    if ('error' in result) {
      const message = errorMessageOf(result.error) ?? t('errors.generic');
      setFormError(message);
      void notify('error', message);
      return;
    }
    // The server's one answer (RESET_REQUESTED_MESSAGE), in the page's language.
    setSent(true);
  };

  return (
    <AuthCard>
      <AuthForm
        title={t('forgot.title')}
        intro={t('forgot.text', { minutes: PASSWORD_RESET_MINUTES })}
        error={formError}
        onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
      >
        <TextField
          id="forgot-email"
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          {...formField(register, errors, 'email')}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
        {/* Always in the page, so the answer is announced when it appears. */}
        <Box role="status">
          {sent ? (
            <Alert severity="success" role="presentation">
              {t('forgot.sent')}
            </Alert>
          ) : null}
        </Box>
      </AuthForm>
      <Link href="/login">{t('forgot.backToSignIn')}</Link>
    </AuthCard>
  );
}
