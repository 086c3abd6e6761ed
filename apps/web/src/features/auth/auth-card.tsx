import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FormEventHandler, type ReactNode } from 'react';

/** The card the sign-in, register and phone verification pages sit on. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ width: '100%', maxWidth: 460, alignSelf: 'flex-start', p: { xs: 3, sm: 4 }, borderRadius: 3, display: 'grid', gap: 2 }}
    >
      {children}
    </Paper>
  );
}

interface AuthFormProps {
  /** The page's heading; it also names the form. */
  title: string;
  intro: string;
  /** A refusal to show above the fields (role="alert", so it is announced). */
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * Heading, intro and the form of the sign-in and register pages. The browser's own validation
 * is off (`noValidate`): each field says what is wrong under itself, in the shop's language.
 */
export function AuthForm({ title, intro, error, onSubmit, children }: AuthFormProps) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }} aria-label={title}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {children}
      </Box>
    </>
  );
}
