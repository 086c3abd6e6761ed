import { ChangeStaffPasswordBodySchema, TwoFactorCodeBodySchema, type TwoFactorEnrolment } from '@dukkan/contracts/admin-staff';
import { STAFF_PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { useChangePasswordMutation, useConfirmTwoFactorMutation, useEnrolTwoFactorMutation } from '../app/api/session-api';
import { failureOf } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { useStaff } from '../app/layout';

/**
 * The enrolment's QR code as an image source: a `data:` URL as it is, an SVG string as a data URL
 * (never as markup in the page: an `<img>` runs no script).
 */
export function qrSource(qrCode: string): string | null {
  const trimmed = qrCode.trim();
  if (/^data:image\/(png|svg\+xml|gif|jpeg|webp)[;,]/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('<svg') || trimmed.startsWith('<?xml')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(trimmed)}`;
  return null;
}

/** `/admin/account`: one's own password and two-factor sign-in. */
export default function AccountPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h1">
        {t('account.title')}
      </Typography>
      {staff.twoFactorSetupRequired ? (
        <Alert severity="warning" role="alert">
          {t('account.setupRequired')}
        </Alert>
      ) : null}
      <PasswordForm />
      <TwoFactor />
    </Stack>
  );
}

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
}

function PasswordForm() {
  const { t } = useTranslation();
  const [change] = useChangePasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordFields>({
    defaultValues: { currentPassword: '', newPassword: '' },
    resolver: contractResolver(ChangeStaffPasswordBodySchema, { bodyOf: (fields: PasswordFields) => fields, wording: wordingOf(t, { newPassword: t('validation.passwordLength', { count: STAFF_PASSWORD_MIN_LENGTH }) }) }),
  });
  const { errors, isSubmitting } = formState;

  async function onSubmit(fields: PasswordFields) {
    setFormError(null);
    const result = await change(fields);
    if (!result.error) {
      toast.success(t('account.changed'));
      reset();
      return;
    }
    const failure = failureOf(result.error);
    const path = failure.field?.path;
    if (path === 'currentPassword' || path === 'newPassword') setError(path, { message: failure.field?.message ?? '' }, { shouldFocus: true });
    else setFormError(failure.message || t('app.networkError'));
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="password-heading" sx={{ p: 3 }}>
      <Typography id="password-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
        {t('account.passwordTitle')}
      </Typography>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          {/* A hidden user name lets password managers file the new password under the right account. */}
          <TextField
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            {...register('currentPassword')}
            {...errorProps(errors.currentPassword)}
          />
          <TextField
            label={t('account.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            {...register('newPassword')}
            {...errorProps(errors.newPassword)}
          />
          <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
            {t('account.change')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

interface CodeFields {
  code: string;
}

function TwoFactor() {
  const { t } = useTranslation();
  const [enrol, enrolling] = useEnrolTwoFactorMutation();
  const [confirm] = useConfirmTwoFactorMutation();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [enabled, setEnabled] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<CodeFields>({
    defaultValues: { code: '' },
    resolver: contractResolver(TwoFactorCodeBodySchema, { bodyOf: (fields: CodeFields) => fields, wording: wordingOf(t, { code: t('validation.code') }) }),
  });

  async function start() {
    const result = await enrol(undefined);
    if (result.data) setEnrolment(result.data);
    else toast.error(failureOf(result.error).message || t('app.networkError'));
  }

  async function onConfirm({ code }: CodeFields) {
    const result = await confirm({ code: code.trim() });
    if (!result.error) {
      setEnabled(true);
      setEnrolment(null);
      toast.success(t('account.enabled'));
    } else {
      const failure = failureOf(result.error);
      setError('code', { message: failure.field?.message ?? (failure.message || t('validation.code')) }, { shouldFocus: true });
    }
  }

  const src = enrolment ? qrSource(enrolment.qrCode) : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="two-factor-heading" sx={{ p: 3 }}>
      <Typography id="two-factor-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
        {t('account.twoFactorTitle')}
      </Typography>
      {enabled ? <Alert severity="success">{t('account.enabled')}</Alert> : null}
      <Typography sx={{ mb: 2 }}>{t('account.twoFactorText')}</Typography>
      {enrolment ? (
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          {src ? (
            <Box component="img" src={src} alt={t('account.qrAlt')} sx={{ width: 200, height: 200, bgcolor: '#fff' }} />
          ) : null}
          <Typography>
            {t('account.secret')}:{' '}
            <Box component="code" dir="ltr" sx={{ wordBreak: 'break-all' }}>
              {enrolment.secret}
            </Box>
          </Typography>
          <form noValidate onSubmit={(event) => void handleSubmit(onConfirm)(event)}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('account.code')}
                autoComplete="one-time-code"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, dir: 'ltr' } }}
                {...register('code')}
                {...errorProps(formState.errors.code)}
              />
              <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ mt: 1 }}>
                {t('account.confirm')}
              </Button>
            </Stack>
          </form>
        </Stack>
      ) : (
        <Button variant="outlined" onClick={() => void start()} loading={enrolling.isLoading}>
          {t('account.enrol')}
        </Button>
      )}
    </Paper>
  );
}
