import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type Ref } from 'react';

import { PAGE_SIZES, pageParam, pageSizeParam, type UpdateAddress } from './list-address';

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

/** A column's heading: its label, and `right` for figures. */
export interface Column {
  label: string;
  align?: 'right';
}

/**
 * A table with a caption for screen readers, a row of column headings and `children` as its body
 * rows; `empty` (when given) is the one row shown under the headings, spanning them all.
 */
export function DataTable({ caption, columns, size, empty, children }: { caption: string; columns: Column[]; size?: 'small'; empty?: string | null; children: ReactNode }) {
  return (
    <Table size={size}>
      <caption style={visuallyHidden}>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.label} align={column.align}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {empty ? (
          <TableRow>
            <TableCell colSpan={columns.length}>{empty}</TableCell>
          </TableRow>
        ) : null}
        {children}
      </TableBody>
    </Table>
  );
}

/**
 * The paging under a table whose page (from 1) and size live in the address: a page past the end
 * shows as the last one, and a new page size starts again at page 1. A list the API pages by a
 * size of its own gives `pageSizes` that one size alone: no choice of size is shown then.
 */
export function AddressPagination({
  count,
  page,
  pageSize,
  update,
  pageSizes = PAGE_SIZES,
}: {
  count: number;
  page: number;
  pageSize: number;
  update: UpdateAddress;
  pageSizes?: readonly number[];
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.min(page - 1, Math.max(0, Math.ceil(count / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => update({ page: pageParam(next) }, false)}
      onRowsPerPageChange={(event) => update({ pageSize: pageSizeParam(event.target.value) })}
    />
  );
}
