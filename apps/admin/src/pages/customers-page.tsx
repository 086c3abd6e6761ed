import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
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
import { Link as RouterLink, useSearchParams } from 'react-router';

import { adminApi } from '../app/api';
import { failureOf } from '../app/errors';
import { formatDate, formatDollars } from '../app/format';
import { toLanguage } from '../app/language';
import { Busy } from '../app/layout';
import { ScrollBox, visuallyHidden } from '../app/parts';

const PAGE_SIZES = [25, 50, 100];

/** `/admin/customers` (owner, support): shoppers by email or name, paged (`?q=&page=&pageSize=` in the address). */
export default function CustomersPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 25;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const [search, setSearch] = useState(q);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const list = adminApi.useListCustomersQuery({ q, page, pageSize });

  function update(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
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

  function onSearch(value: string) {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => latestUpdate.current({ q: value.trim(), page: '' }), 300);
  }

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h1">
        {t('customers.title')}
      </Typography>
      <Box role="search" aria-label={t('customers.search')}>
        <TextField type="search" label={t('customers.search')} value={search} onChange={(event) => onSearch(event.target.value)} sx={{ minWidth: 320 }} />
      </Box>
      {list.isError ? (
        <Alert severity="error" role="alert">
          {t('app.error', { message: failureOf(list.error).message || t('app.networkError') })}
        </Alert>
      ) : null}
      {list.isLoading ? <Busy /> : null}
      {list.data ? (
        <Paper variant="outlined">
          <ScrollBox label={t('customers.table')}>
            <Table>
              <caption style={visuallyHidden}>{t('customers.table')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell>{t('customers.columns.name')}</TableCell>
                  <TableCell>{t('customers.columns.email')}</TableCell>
                  <TableCell>{t('customers.columns.createdAt')}</TableCell>
                  <TableCell align="right">{t('customers.columns.orders')}</TableCell>
                  <TableCell align="right">{t('customers.columns.spend')}</TableCell>
                  <TableCell>{t('customers.columns.state')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>{t('customers.none')}</TableCell>
                  </TableRow>
                ) : null}
                {list.data.data.map((customer) => (
                  <TableRow key={customer._id} hover>
                    <TableCell dir="auto">
                      <Link component={RouterLink} to={`/customers/${customer._id}`} sx={{ color: 'primary.dark' }}>
                        {customer.name || customer.email}
                      </Link>
                    </TableCell>
                    <TableCell dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                      {customer.email}
                    </TableCell>
                    <TableCell>{formatDate(customer.createdAt, language)}</TableCell>
                    <TableCell align="right">{customer.orderCount}</TableCell>
                    <TableCell align="right">{formatDollars(customer.lifetimeSpend)}</TableCell>
                    <TableCell>{customer.disabled ? t('customers.disabled') : t('customers.active')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
          <TablePagination
            component="div"
            count={list.data.total}
            page={Math.min(page - 1, Math.max(0, Math.ceil(list.data.total / pageSize) - 1))}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => update({ page: next === 0 ? '' : String(next + 1) })}
            onRowsPerPageChange={(event) => update({ pageSize: event.target.value === '25' ? '' : event.target.value, page: '' })}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
