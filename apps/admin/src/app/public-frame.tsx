import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { errorProps } from './form';
import { HeadingFocus } from './heading-focus';
import { LanguageMenu } from './language-menu';

/** The frame of the screens before sign-in: the shop's name, the language menu and one card; the focus goes to its heading after a change of screen. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f2f8fd', display: 'flex', flexDirection: 'column' }}>
      <HeadingFocus />
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', p: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {t('app.title')}
        </Typography>
        <LanguageMenu />
      </Box>
      <Box component="main" id="main" sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: 2 }}>
        <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 440 }}>
          <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}

/**
 * The form of a screen before sign-in: an optional introduction, then the failure the last submit
 * met (announced as an alert), then the fields, buttons and links it is given, one under another.
 * `onSubmit` is react-hook-form's `handleSubmit(...)`; the browser's own checks stay off, the
 * form's rules speak instead.
 */
export function PublicForm({ onSubmit, intro, error, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>; intro?: string; error?: string | null; children: ReactNode }) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2}>
        {intro ? <Typography>{intro}</Typography> : null}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}

/** A public form's submit button, busy while the request is out. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" loading={busy}>
      {children}
    </Button>
  );
}

/** A link from one screen before sign-in to another (back to sign-in, ask for a new link). */
export function PublicLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}>
      {children}
    </Link>
  );
}

/** What a public screen's field is given: its label, react-hook-form's registration and error. */
interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  autoFocus?: boolean;
}

/** An email field of the screens before sign-in (sign-in, forgot password, setup). */
export function EmailField({ label, registration, error, autoFocus = false, autoComplete = 'username' }: FieldProps & { autoComplete?: 'username' | 'email' }) {
  return <TextField label={label} type="email" autoComplete={autoComplete} required autoFocus={autoFocus} {...registration} {...errorProps(error)} />;
}

/** A new password's field (setup, reset password). */
export function NewPasswordField({ label, registration, error, autoFocus = false }: FieldProps) {
  return <TextField label={label} type="password" autoComplete="new-password" required autoFocus={autoFocus} {...registration} {...errorProps(error)} />;
}
