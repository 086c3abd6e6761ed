import { EMAIL_PATTERN, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dukkan/contracts/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useReplaceToken, useSignedInUser } from '../../app/hooks';
import { PasswordToggle } from '../../components/password-toggle';
import { errorMessageOf } from '../../lib/api-error';
import { formField } from '../../lib/form-field';
import { notify } from '../../lib/notify';

import { useGetUserQuery, useUpdateUserMutation } from './users-api';

interface ProfileForm {
  name: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * `/userprofile` (index): edit name, email and — with the current password, checked by the
 * server — the password (spec sections 2, 4, 5, 8). New and confirm become required once the
 * current password is filled, and must match. A refused change shows the server's message as a
 * toast; after a password change the answer's fresh token keeps this session signed in.
 */
export function EditProfilePage() {
  const { t } = useTranslation('account');
  const user = useSignedInUser();
  const replaceToken = useReplaceToken();
  const { data: saved, isLoading, isError } = useGetUserQuery(user?.id ?? '', { skip: !user });
  const [updateUser] = useUpdateUserMutation();
  const [showPasswords, setShowPasswords] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({ defaultValues: { name: '', email: '', ...EMPTY_PASSWORDS } });

  useEffect(() => {
    if (saved) reset({ name: saved.name, email: saved.email, ...EMPTY_PASSWORDS });
  }, [saved, reset]);

  if (!user) return null;
  if (isLoading) return <CircularProgress aria-label={t('profile.editTitle')} />;
  if (isError) return <Alert severity="error">{t('profile.loadError')}</Alert>;

  const onSubmit = async ({ name, email, currentPassword, newPassword }: ProfileForm) => {
    const changingPassword = currentPassword !== '';
    const result = await updateUser({
      id: user.id,
      body: {
        name: name.trim(),
        email: email.trim().toLowerCase(),
        ...(changingPassword ? { password: newPassword, currentPassword } : {}),
      },
    });
    if ('error' in result) {
      void notify('error', errorMessageOf(result.error) ?? t('errors.generic'));
      return;
    }
    if (result.data.token) replaceToken(result.data.token);
    reset({ name: result.data.data.name, email: result.data.data.email, ...EMPTY_PASSWORDS });
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
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        aria-label={t('profile.editTitle')}
        sx={{ display: 'grid', gap: 2, mt: 3, maxWidth: 560 }}
      >
        <TextField
          id="profile-name"
          label={t('profile.fullName')}
          autoComplete="name"
          required
          {...formField(register, errors, 'name', {
            validate: (value) => {
              const name = value.trim();
              if (name === '') return t('errors.nameRequired');
              if (name.length < NAME_MIN_LENGTH) return t('errors.nameMin');
              if (name.length > NAME_MAX_LENGTH) return t('errors.nameMax');
              return true;
            },
          })}
        />
        <TextField
          id="profile-email"
          label={t('profile.email')}
          type="email"
          autoComplete="email"
          required
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          {...formField(register, errors, 'email', {
            validate: (value) => {
              if (value.trim() === '') return t('errors.emailRequired');
              return EMAIL_PATTERN.test(value.trim()) || t('errors.profileEmailInvalid');
            },
          })}
        />
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem', mt: 1 }}>{t('profile.passwordHint')}</Typography>
        <TextField
          id="profile-current-password"
          label={t('profile.currentPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="current-password"
          slotProps={passwordSlots(true)}
          {...formField(register, errors, 'currentPassword', {
            validate: (value, all) => value !== '' || all.newPassword === '' || t('errors.currentRequired'),
            deps: ['newPassword', 'confirmNewPassword'],
          })}
        />
        <TextField
          id="profile-new-password"
          label={t('profile.newPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="new-password"
          slotProps={passwordSlots(false)}
          {...formField(register, errors, 'newPassword', {
            validate: (value, all) => {
              if (all.currentPassword === '') return true;
              if (value === '') return t('errors.newPasswordRequired');
              if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return t('errors.passwordMin');
              return true;
            },
          })}
        />
        <TextField
          id="profile-confirm-new-password"
          label={t('profile.confirmNewPassword')}
          type={showPasswords ? 'text' : 'password'}
          autoComplete="new-password"
          slotProps={passwordSlots(false)}
          {...formField(register, errors, 'confirmNewPassword', {
            validate: (value, all) => {
              if (all.currentPassword === '') return true;
              if (value === '') return t('errors.confirmNewRequired');
              return value === all.newPassword || t('errors.newMismatch');
            },
          })}
        />
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button
            type="button"
            variant="outlined"
            onClick={() => reset({ name: saved?.name ?? '', email: saved?.email ?? '', ...EMPTY_PASSWORDS })}
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
