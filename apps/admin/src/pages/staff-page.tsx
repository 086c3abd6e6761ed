import { CreateStaffBodySchema, type StaffRole } from '@dukkan/contracts/admin-staff';
import { STAFF_PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { useAddStaffMutation, useGetSettingsQuery, useListStaffQuery, usePutSettingsMutation, useResetTwoFactorMutation, useUpdateStaffMutation } from '../app/api/staff-api';
import { failureOf } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { Busy } from '../app/layout';

const ROLES: StaffRole[] = ['owner', 'catalog', 'support'];

interface Fields {
  name: string;
  email: string;
  role: StaffRole;
  password: string;
  invite: boolean;
}

/** What adding a member sends: an invitation, or the password the member signs in with. */
function staffBodyOf(fields: Fields) {
  const base = { email: fields.email.trim(), name: fields.name.trim(), role: fields.role };
  return fields.invite ? { ...base, invite: true as const } : { ...base, password: fields.password };
}

/** `/admin/staff` (owner): the staff list, roles, disabling, two-factor resets, adding or inviting. */
export default function StaffPage() {
  const { t } = useTranslation();
  const staff = useListStaffQuery(undefined);
  const settings = useGetSettingsQuery(undefined);
  const [putSettings] = usePutSettingsMutation();
  const [updateStaff] = useUpdateStaffMutation();
  const [resetTwoFactor] = useResetTwoFactorMutation();
  const [addStaff] = useAddStaffMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<Fields>({
    defaultValues: { name: '', email: '', role: 'catalog', password: '', invite: false },
    resolver: contractResolver(CreateStaffBodySchema, {
      bodyOf: staffBodyOf,
      wording: wordingOf(t, {
        email: t('validation.email'),
        // Blank or short alike: the password's length is what is missing.
        password: ({ issue }) => (issue.code === 'too_big' ? t('validation.tooLong', { count: Number(issue.maximum) }) : t('validation.passwordLength', { count: STAFF_PASSWORD_MIN_LENGTH })),
      }),
    }),
  });
  const { errors, isSubmitting } = formState;
  const invite = useWatch({ control, name: 'invite' });

  function report(result: { error?: unknown }, success: string) {
    if (result.error) toast.error(failureOf(result.error).message || t('app.networkError'));
    else toast.success(success);
  }

  async function onSubmit(fields: Fields) {
    setFormError(null);
    const result = await addStaff(staffBodyOf(fields));
    if (!result.error) {
      toast.success(fields.invite ? t('staff.invited') : t('staff.added'));
      reset();
      return;
    }
    const failure = failureOf(result.error);
    const path = failure.field?.path;
    if (path === 'email' || path === 'name' || path === 'password' || path === 'role') setError(path, { message: failure.field?.message ?? '' }, { shouldFocus: true });
    else setFormError(failure.message || t('app.networkError'));
  }

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h1">
        {t('staff.title')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data?.requireTwoFactor ?? false}
            disabled={!settings.data}
            onChange={(event) => void putSettings({ requireTwoFactor: event.target.checked }).then((r) => report(r, t('staff.updated')))}
          />
        }
        label={t('staff.requireTwoFactor')}
      />
      {staff.isLoading ? <Busy /> : null}
      {staff.isError ? <Alert severity="error">{failureOf(staff.error).message || t('app.networkError')}</Alert> : null}
      {staff.data ? (
        <TableContainer component={Paper} variant="outlined">
          <Table>
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('staff.title')}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('staff.columns.name')}</TableCell>
                <TableCell>{t('staff.columns.email')}</TableCell>
                <TableCell>{t('staff.columns.role')}</TableCell>
                <TableCell>{t('staff.columns.state')}</TableCell>
                <TableCell>{t('staff.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {staff.data.map((member) => (
                <TableRow key={member._id}>
                  <TableCell dir="auto">{member.name}</TableCell>
                  <TableCell dir="ltr">{member.email}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={member.role}
                      slotProps={{ htmlInput: { 'aria-label': t('staff.roleOf', { name: member.name }) } }}
                      onChange={(event) => void updateStaff({ id: member._id, role: event.target.value as StaffRole }).then((r) => report(r, t('staff.updated')))}
                    >
                      {ROLES.map((role) => (
                        <MenuItem key={role} value={role}>
                          {t(`roles.${role}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    {/* Whether the member can sign in, and whether with a code too. */}
                    <div>{member.disabled ? t('staff.disabled') : member.invited ? t('staff.pendingInvitation') : t('staff.active')}</div>
                    <Typography variant="body2" color="text.secondary">
                      {member.twoFactor ? t('staff.twoFactorOn') : t('staff.twoFactorOff')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="outlined" onClick={() => void updateStaff({ id: member._id, disabled: !member.disabled }).then((r) => report(r, t('staff.updated')))}>
                        {member.disabled ? t('staff.enable', { name: member.name }) : t('staff.disable', { name: member.name })}
                      </Button>
                      <Button size="small" variant="outlined" onClick={() => void resetTwoFactor(member._id).then((r) => report(r, t('staff.resetDone')))}>
                        {t('staff.resetTwoFactor', { name: member.name })}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}

      <Paper variant="outlined" component="section" aria-labelledby="add-staff-heading" sx={{ p: 3 }}>
        <Typography id="add-staff-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          {t('staff.addTitle')}
        </Typography>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <Stack spacing={2} sx={{ maxWidth: 480 }}>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <TextField label={t('staff.name')} required {...register('name')} {...errorProps(errors.name)} />
            <TextField
              label={t('staff.email')}
              type="email"
              required
              {...register('email')}
              {...errorProps(errors.email)}
            />
            <Controller
              name="role"
              control={control}
              render={({ field }) => (
                <TextField select label={t('staff.role')} {...field}>
                  {ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {t(`roles.${role}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormControlLabel control={<Checkbox {...register('invite')} />} label={t('staff.invite')} />
            {invite ? null : (
              <TextField
                label={t('staff.password')}
                type="password"
                autoComplete="new-password"
                required
                {...register('password')}
                {...errorProps(errors.password)}
              />
            )}
            <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
              {t('staff.add')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
