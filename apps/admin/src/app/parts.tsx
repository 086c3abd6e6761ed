import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type Ref } from 'react';

/** Hidden on screen, read by screen readers (a table's caption when a heading already shows it). */
export const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A titled part of a page: an outlined paper, a level-2 heading naming the region. */
export function Section({ title, children, headingRef, actions }: { title: string; children: ReactNode; headingRef?: Ref<HTMLHeadingElement>; actions?: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} component="h2" variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {actions}
      {children}
    </Paper>
  );
}

/** Pairs of a label and its value, as a description list. */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Typography component="dl" variant="body2" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0 } }}>
      {items.map(({ label, value }) => (
        <div key={label} style={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <dd>{value}</dd>
        </div>
      ))}
    </Typography>
  );
}

/**
 * A table's box that scrolls sideways on a narrow screen: focusable, so the keyboard can scroll
 * it too (WCAG 2.1.1), and named after its table.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="group" aria-label={label}>
      {children}
    </TableContainer>
  );
}
