import { formatDate, formatPrice } from '@dukkan/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useListCustomersQuery } from '../app/api/customers-api';
import { failureText } from '../app/errors';
import { toLanguage } from '../app/language';
import { Busy } from '../app/layout';
import { useAfterTyping, useListAddress } from '../app/list-address';
import { AddressPagination, DataTable, ScrollBox } from '../app/parts';
import { adminPaths } from '../app/paths';

/** `/admin/customers` (owner, support): shoppers by email or name, paged (`?q=&page=&pageSize=` in the address). */
export default function CustomersPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { params, page, pageSize, update, updateLater } = useListAddress();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const afterTyping = useAfterTyping();
  const list = useListCustomersQuery({ q, page, pageSize });

  function onSearch(value: string) {
    setSearch(value);
    afterTyping(() => updateLater({ q: value.trim() }));
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
          {failureText(t, list.error)}
        </Alert>
      ) : null}
      {list.isLoading ? <Busy /> : null}
      {list.data ? (
        <Paper variant="outlined">
          <ScrollBox label={t('customers.table')}>
            <DataTable
              caption={t('customers.table')}
              columns={[
                { label: t('customers.columns.name') },
                { label: t('customers.columns.email') },
                { label: t('customers.columns.createdAt') },
                { label: t('customers.columns.orders'), align: 'right' },
                { label: t('customers.columns.spend'), align: 'right' },
                { label: t('customers.columns.state') },
              ]}
              empty={list.data.data.length === 0 ? t('customers.none') : null}
            >
              {list.data.data.map((customer) => (
                <TableRow key={customer._id} hover>
                  <TableCell dir="auto">
                    <Link component={RouterLink} to={adminPaths.customer(customer._id)} sx={{ color: 'primary.dark' }}>
                      {customer.name || customer.email}
                    </Link>
                  </TableCell>
                  <TableCell dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                    {customer.email}
                  </TableCell>
                  <TableCell>{formatDate(customer.createdAt, language)}</TableCell>
                  <TableCell align="right">{customer.orderCount}</TableCell>
                  <TableCell align="right">{formatPrice(customer.lifetimeSpend)}</TableCell>
                  <TableCell>{customer.disabled ? t('customers.disabled') : t('customers.active')}</TableCell>
                </TableRow>
              ))}
            </DataTable>
          </ScrollBox>
          <AddressPagination count={list.data.total} page={page} pageSize={pageSize} update={update} />
        </Paper>
      ) : null}
    </Stack>
  );
}
