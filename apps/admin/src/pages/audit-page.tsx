import type { AuditEntry } from '@dukkan/contracts/admin-orders';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { adminApi } from '../app/api';
import { failureOf } from '../app/errors';
import { formatDateTime } from '../app/format';
import { toLanguage } from '../app/language';
import { Busy } from '../app/layout';
import { ScrollBox, visuallyHidden } from '../app/parts';

const PAGE_SIZES = [25, 50, 100];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One changed field: its name and its values before and after, as compact JSON ('' when absent). */
export interface Change {
  field: string;
  before: string;
  after: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * What an entry changed: for two objects, the fields whose values differ (in the order they
 * appear); otherwise the whole values as one change named ''.
 */
export function diffOf(before: unknown, after: unknown): Change[] {
  if (before == null && after == null) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field])).map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
  }
  if (isPlainObject(before) || isPlainObject(after)) {
    const object = (isPlainObject(before) ? before : after) as Record<string, unknown>;
    return Object.keys(object).map((field) => ({ field, before: isPlainObject(before) ? show(before[field]) : '', after: isPlainObject(after) ? show(after[field]) : '' }));
  }
  return [{ field: '', before: before == null ? '' : show(before), after: after == null ? '' : show(after) }];
}

/** `/admin/audit` (owner): every staff write and sign-in, newest first, filtered by who, what and when. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? '';
  const entity = params.get('entity') ?? '';
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') ?? '') : '';
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') ?? '') : '';
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 25;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const [typed, setTyped] = useState({ actor, entity });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const log = adminApi.useAuditQuery({ actor, entity, from, to, page, pageSize });

  function update(changes: Record<string, string>, toFirstPage = true) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
        if (toFirstPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }
  // A timer calls the newest `update`: an older one would set the address from the parameters of its render.
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  });

  /** The text filters ask the API once typing has stopped for 300 ms. */
  function onType(key: 'actor' | 'entity', value: string) {
    const next = { ...typed, [key]: value };
    setTyped(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestUpdate.current({ actor: next.actor.trim(), entity: next.entity.trim() }), 300);
  }

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h1">
        {t('audit.title')}
      </Typography>
      <Box role="search" aria-label={t('audit.title')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField label={t('audit.actor')} value={typed.actor} onChange={(event) => onType('actor', event.target.value)} sx={{ minWidth: 260 }} slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <TextField label={t('audit.entity')} value={typed.entity} onChange={(event) => onType('entity', event.target.value)} sx={{ minWidth: 300 }} slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <TextField type="date" label={t('audit.from')} value={from} onChange={(event) => update({ from: event.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }} />
        <TextField type="date" label={t('audit.to')} value={to} onChange={(event) => update({ to: event.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }} />
      </Box>
      {log.isError ? (
        <Alert severity="error" role="alert">
          {t('app.error', { message: failureOf(log.error).message || t('app.networkError') })}
        </Alert>
      ) : null}
      {log.isLoading ? <Busy /> : null}
      {log.data ? (
        <Paper variant="outlined">
          <ScrollBox label={t('audit.table')}>
            <Table size="small">
              <caption style={visuallyHidden}>{t('audit.table')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell>{t('audit.columns.at')}</TableCell>
                  <TableCell>{t('audit.columns.actor')}</TableCell>
                  <TableCell>{t('audit.columns.address')}</TableCell>
                  <TableCell>{t('audit.columns.action')}</TableCell>
                  <TableCell>{t('audit.columns.entity')}</TableCell>
                  <TableCell>{t('audit.columns.change')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>{t('audit.none')}</TableCell>
                  </TableRow>
                ) : null}
                {log.data.data.map((entry) => (
                  <TableRow key={entry._id} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                    </TableCell>
                    <TableCell>
                      <span dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                        {entry.actor.email || t('audit.unknownActor')}
                      </span>
                      {entry.actor.role ? ` (${t(`roles.${entry.actor.role}`)})` : ''}
                    </TableCell>
                    <TableCell dir="ltr">{entry.address}</TableCell>
                    <TableCell>{t(`audit.actions.${entry.action}`)}</TableCell>
                    <TableCell>
                      {entry.entityType ? t(`audit.entities.${entry.entityType}`) : ''}
                      {entry.entityId ? (
                        <Typography component="span" variant="body2" dir="ltr" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {entry.entityId}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <ChangeList entry={entry} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
          <TablePagination
            component="div"
            count={log.data.total}
            page={Math.min(page - 1, Math.max(0, Math.ceil(log.data.total / pageSize) - 1))}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => update({ page: next === 0 ? '' : String(next + 1) }, false)}
            onRowsPerPageChange={(event) => update({ pageSize: event.target.value === '25' ? '' : event.target.value })}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The entry's before and after, field by field: the old value struck through, the new one after an arrow. */
function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = diffOf(entry.before, entry.after);
  if (changes.length === 0) return <>{t('audit.nothing')}</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8rem' }} dir="ltr">
      {changes.map((change) => (
        <li key={change.field || 'value'} style={{ overflowWrap: 'anywhere' }}>
          {change.field ? <strong>{change.field}: </strong> : null}
          {change.before ? (
            <del>
              <span style={visuallyHidden}>{t('audit.before')} </span>
              {change.before}
            </del>
          ) : null}
          {change.before && change.after ? ' → ' : null}
          {change.after ? (
            <ins style={{ textDecoration: 'none' }}>
              <span style={visuallyHidden}>{t('audit.after')} </span>
              {change.after}
            </ins>
          ) : null}
        </li>
      ))}
    </Box>
  );
}
