import Paper from '@mui/material/Paper';
import { type ReactNode } from 'react';

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
