import type { AuditEntry } from '@dukkan/contracts/admin-orders';
import { formatDateTime } from '@dukkan/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuditQuery } from '../app/api/audit-api';
import { failureText } from '../app/errors';
import { toLanguage } from '../app/language';
import { Busy } from '../app/layout';
import { dayParam, useAfterTyping, useListAddress } from '../app/list-address';
import { AddressPagination, DataTable, ScrollBox, visuallyHidden } from '../app/parts';

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
  const { params, page, pageSize, update, updateLater } = useListAddress();
  const actor = params.get('actor') ?? '';
  const entity = params.get('entity') ?? '';
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const [typed, setTyped] = useState({ actor, entity });
  const afterTyping = useAfterTyping();
  const log = useAuditQuery({ actor, entity, from, to, page, pageSize });

  /** The text filters ask the API once typing has stopped for 300 ms. */
  function onType(key: 'actor' | 'entity', value: string) {
    const next = { ...typed, [key]: value };
    setTyped(next);
    afterTyping(() => updateLater({ actor: next.actor.trim(), entity: next.entity.trim() }));
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
          {failureText(t, log.error)}
        </Alert>
      ) : null}
      {log.isLoading ? <Busy /> : null}
      {log.data ? (
        <Paper variant="outlined">
          <ScrollBox label={t('audit.table')}>
            <DataTable
              caption={t('audit.table')}
              size="small"
              columns={[
                { label: t('audit.columns.at') },
                { label: t('audit.columns.actor') },
                { label: t('audit.columns.address') },
                { label: t('audit.columns.action') },
                { label: t('audit.columns.entity') },
                { label: t('audit.columns.change') },
              ]}
              empty={log.data.data.length === 0 ? t('audit.none') : null}
            >
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
            </DataTable>
          </ScrollBox>
          <AddressPagination count={log.data.total} page={page} pageSize={pageSize} update={update} />
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
