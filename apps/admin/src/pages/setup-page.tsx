import { SetupBodySchema, StaffEmailSchema, StaffNameSchema } from '@dukkan/contracts/admin-staff';
import { STAFF_PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { useCheckSetupTokenQuery, useSetupMutation } from '../app/api/session-api';
import { failureOf } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { Busy } from '../app/layout';
import { EmailField, NewPasswordField, PublicForm, PublicFrame, SubmitButton } from '../app/public-frame';
import { homeOf } from '../app/roles';

interface Fields {
  name: string;
  email: string;
  password: string;
}

/** The screen's part of the request (the token is the link's): a name and an email, which the first owner's setup needs, and the password. */
const SetupFields = SetupBodySchema.omit({ token: true }).extend({ name: StaffNameSchema, email: StaffEmailSchema });

/** `/admin/setup?token=`: the first owner's link from the start log, or an invitation's. */
export default function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useCheckSetupTokenQuery(token, { skip: token === '' });
  const [setup, { isLoading, error }] = useSetupMutation();
  const { register, handleSubmit, setError, formState } = useForm<Fields>({
    defaultValues: { name: '', email: '', password: '' },
    resolver: contractResolver(SetupFields, {
      bodyOf: (fields: Fields) => fields,
      wording: wordingOf(t, { email: t('validation.email'), password: t('validation.passwordLength', { count: STAFF_PASSWORD_MIN_LENGTH }) }),
    }),
  });
  const { errors } = formState;

  async function onSubmit(fields: Fields) {
    const result = await setup({ token, name: fields.name.trim(), email: fields.email.trim(), password: fields.password });
    if ('data' in result && result.data) {
      await navigate(homeOf(result.data.role), { replace: true });
      return;
    }
    const failure = failureOf(result.error);
    const field = failure.field?.path;
    if (field === 'name' || field === 'email' || field === 'password') setError(field, { message: failure.field?.message ?? '' }, { shouldFocus: true });
  }

  const failure = error ? failureOf(error) : null;
  // A field's failure shows under that field; the others above the form.
  const alert = failure && !failure.field ? (failure.status === 404 || failure.status === 410 ? t('setup.badLink') : failure.message || t('app.networkError')) : null;
  let body;
  if (token === '') body = <Alert severity="warning">{t('setup.noToken')}</Alert>;
  else if (check.isLoading) body = <Busy />;
  else if (check.isError) body = <Alert severity="error">{t('setup.badLink')}</Alert>;
  else
    body = (
      <PublicForm onSubmit={handleSubmit(onSubmit)} intro={t('setup.intro')} error={alert}>
        <TextField label={t('setup.name')} autoComplete="name" required {...register('name')} {...errorProps(errors.name)} />
        <EmailField
          label={t('setup.email')}
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <NewPasswordField
          label={t('setup.password')}
          registration={register('password')}
          error={errors.password}
        />
        <SubmitButton busy={isLoading}>{t('setup.submit')}</SubmitButton>
      </PublicForm>
    );
  return <PublicFrame title={t('setup.title')}>{body}</PublicFrame>;
}
