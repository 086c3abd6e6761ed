import { UpdateUserBodySchema, type UpdateUserBody } from '@dukkan/contracts/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useReplaceToken, useSignedInUser } from '../../app/hooks';
import { PasswordToggle } from '../../components/password-toggle';
import { errorMessageOf } from '../../lib/api-error';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { contractResolver, formField, isBlank } from '../../lib/form-field';
import { notify } from '../../lib/notify';

import { useGetUserQuery, useUpdateUserMutation } from './users-api';

interface ProfileForm {
  name: string;
  email: string;
  marketingEmails: boolean;
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * What the form sends: the current password when it is filled, and the new one with it (a new
 * password alone is the form's own problem: 'Enter your current password to set a new one').
 */
function bodyOf({ name, email, marketingEmails, currentPassword, newPassword }: ProfileForm): UpdateUserBody {
  return {
    name: name.trim(),
    email: email.trim().toLowerCase(),
    marketingEmails,
    ...(currentPassword !== '' ? { currentPassword } : {}),
    ...(currentPassword !== '' && newPassword !== '' ? { password: newPassword } : {}),
  };
}

/**
 * `/userprofile` (index): edit name, email, the marketing-mail choice and — with the current
 * password, checked by the server — the password (spec sections 2, 4, 5, 8). A new email also
 * needs the current password (issue #19). New and confirm become required once the current
 * password is filled for no new email, and must match. A refused change shows the server's
 * message as a toast; after a password or email change the answer's fresh token keeps this
 * session signed in (the others end).
 */
export function EditProfilePage() {
  const { t } = useTranslation('account');
  const user = useSignedInUser();
  const replaceToken = useReplaceToken();
  const { data: saved, isLoading, isError } = useGetUserQuery(user?.id ?? '', { skip: !user });
  const [updateUser] = useUpdateUserMutation();
  const [showPasswords, setShowPasswords] = useState(false);
  /** A new email (ignoring case and spaces) needs the current password, as a new password does. */
  const changesEmail = (email: string) => saved !== undefined && email.trim().toLowerCase() !== saved.email;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    defaultValues: { name: '', email: '', marketingEmails: false, ...EMPTY_PASSWORDS },
    // react-hook-form focuses the first field with a problem as it refuses a Save, and again a
    // task later; on a busy device that second focus can come after the shopper has moved to
    // another field, and what they type then goes into the field with the problem (a current
    // password typed anew went into 'Confirm new password', and the next Save sent the old
    // one). `focusFirstProblem` focuses it once, in the Save's own task.
    shouldFocusError: false,
    resolver: contractResolver<ProfileForm, UpdateUserBody>(UpdateUserBodySchema, {
      bodyOf,
      fieldOf: (path) => (path === 'password' ? 'newPassword' : path),
      wording: (problem) => {
        const { field, issue } = problem;
        if (field === 'name') {
          if (isBlank(problem)) return t('errors.nameRequired');
          return issue.code === 'too_big' ? t('errors.nameMax') : t('errors.nameMin');
        }
        if (field === 'email') return isBlank(problem) ? t('errors.emailRequired') : t('errors.profileEmailInvalid');
        if (field === 'currentPassword') return issue.code === 'too_big' ? t('errors.passwordMax') : t('errors.currentRequired');
        return t('errors.passwordMin');
      },
      // New and confirm become required once the current password is filled for no new email, and must match.
      rules: ({ email, currentPassword, newPassword, confirmNewPassword }) => {
        const newEmailOnly = newPassword === '' && changesEmail(email);
        if (currentPassword === '') {
          if (newPassword !== '') return [{ field: 'currentPassword', message: t('errors.currentRequired') }];
          return changesEmail(email) ? [{ field: 'currentPassword', message: t('errors.currentRequiredForEmail') }] : [];
        }
        if (newEmailOnly) return [];
        return [
          ...(newPassword === '' ? [{ field: 'newPassword', message: t('errors.newPasswordRequired') }] : []),
          ...(confirmNewPassword === ''
            ? [{ field: 'confirmNewPassword', message: t('errors.confirmNewRequired') }]
            : confirmNewPassword === newPassword
              ? []
              : [{ field: 'confirmNewPassword', message: t('errors.newMismatch') }]),
        ];
      },
    }),
  });

  useEffect(() => {
    if (saved) reset({ name: saved.name, email: saved.email, marketingEmails: saved.marketingEmails, ...EMPTY_PASSWORDS });
  }, [saved, reset]);

  if (!user) return null;
  if (isLoading) return <CircularProgress aria-label={t('profile.editTitle')} />;
  if (isError) return <Alert severity="error">{t('profile.loadError')}</Alert>;

  const onSubmit = async (fields: ProfileForm) => {
    const result = await updateUser({ id: user.id, body: bodyOf(fields) });
    if ('error' in result) {
      void notify('error', errorMessageOf(result.error) ?? t('errors.generic'));
      return;
    }
    if (result.data.token) replaceToken(result.data.token);
    const { data } = result.data;
    reset({ name: data.name, email: data.email, marketingEmails: data.marketingEmails, ...EMPTY_PASSWORDS });
    void notify('success', t('profile.saved'));
  };

  const passwordSlots = (withToggle: boolean) => ({
    htmlInput: { dir: 'ltr' },
    ...(withToggle
      ? {
          input: {
            endAdornment: (
              <PasswordToggle
                shown={showPasswords}
                onToggle={() => setShowPasswords((shown) => !shown)}
                showLabel={t('register.showPasswords')}
                hideLabel={t('register.hidePasswords')}
              />
            ),
          },
        }
      : {}),
  });

  return (
    <Box>
      <Typography variant="h2">{t('profile.editTitle')}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
        aria-label={t('profile.editTitle')}
        sx={{ display: 'grid', gap: 2, mt: 3, maxWidth: 560 }}
      >
        <TextField
          id="profile-name"
          label={t('profile.fullName')}
          autoComplete="name"
          required
          // Filled by `reset` after the account loads, which MUI's label does not see: keep it up.
          slotProps={{ inputLabel: { shrink: true } }}
          {...formField(register, errors, 'name')}
        />
        <TextField
          id="profile-email"
          label={t('profile.email')}
          type="email"
          autoComplete="email"
          required
          slotProps={{ htmlInput: { dir: 'ltr' }, inputLabel: { shrink: true } }}
          {...formField(register, errors, 'email', { deps: ['currentPassword'] })}
        />
        <Controller
          name="marketingEmails"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label={t('register.marketing')}
              control={<Checkbox name={field.name} checked={field.value} onBlur={field.onBlur} onChange={(_event, checked) => field.onChange(checked)} />}
            />
          )}
        />
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem', mt: 1 }}>{t('profile.passwordHint')}</Typography>
        <TextField
          id="profile-current-password"
          label={t('profile.currentPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="current-password"
          slotProps={passwordSlots(true)}
          {...formField(register, errors, 'currentPassword', { deps: ['newPassword', 'confirmNewPassword'] })}
        />
        <TextField
          id="profile-new-password"
          label={t('profile.newPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="new-password"
          slotProps={passwordSlots(false)}
          {...formField(register, errors, 'newPassword')}
        />
        <TextField
          id="profile-confirm-new-password"
          label={t('profile.confirmNewPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="new-password"
          slotProps={passwordSlots(false)}
          {...formField(register, errors, 'confirmNewPassword')}
        />
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button
            type="button"
            variant="outlined"
            onClick={() => reset({ name: saved?.name ?? '', email: saved?.email ?? '', marketingEmails: saved?.marketingEmails ?? false, ...EMPTY_PASSWORDS })}
          >
            {t('profile.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('profile.saving') : t('profile.save')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
