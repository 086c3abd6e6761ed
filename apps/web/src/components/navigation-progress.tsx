import LinearProgress from '@mui/material/LinearProgress';

import { MuiScope } from './mui/mui-scope';

/** The thin bar at the top of the window while the next page's code or data loads. */
export default function NavigationProgress({ label }: { label: string }) {
  return (
    <MuiScope>
      <LinearProgress color="secondary" aria-label={label} sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: 1400 }} />
    </MuiScope>
  );
}
