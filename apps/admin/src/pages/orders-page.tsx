import type { AdminOrderSummary } from '@dukkan/contracts/admin-orders';
import { formatDateTime, formatPrice } from '@dukkan/contracts/format';
import { OrderStatusSchema, PaymentStatusSchema } from '@dukkan/contracts/orders';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { useListOrdersQuery } from '../app/api/orders-api';
import { toLanguage } from '../app/language';
import { dayParam, useAfterTyping, useListAddress } from '../app/list-address';
import { adminPaths } from '../app/paths';
import { ServerGrid } from '../app/server-grid';

const SORTABLE = new Set(['createdAt', 'amount']);
const DEFAULT_SORT = '-createdAt';
/** How often the list asks again, so new orders appear without a reload. */
export const ORDERS_POLL_MS = 15_000;

/** The grid's sort model as the API's `sort` (`amount`, `-createdAt`...); the newest first by default. */
export function orderSortParam(model: GridSortModel): string {
  const first = model[0];
  if (!first?.sort || !SORTABLE.has(first.field)) return DEFAULT_SORT;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

function sortModelOf(sort: string): GridSortModel {
  const field = sort.replace(/^-/, '');
  return SORTABLE.has(field) ? [{ field, sort: sort.startsWith('-') ? 'desc' : 'asc' }] : [{ field: 'createdAt', sort: 'desc' }];
}

/** The export's address for the chosen days (all orders without them). */
export function exportHref(from: string, to: string): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const search = params.toString();
  return `/api/admin/orders/export.csv${search ? `?${search}` : ''}`;
}

/**
 * `/admin/orders` (owner, support): every order, newest first, paged, sorted and filtered by the
 * API. Filters, search, sort and page live in the address (`?status=&paymentStatus=&q=&from=&to=&sort=&page=&pageSize=`,
 * the API's names); the list asks again every 15 s and when the window gets focus.
 */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { params, page, pageSize, update, updateLater } = useListAddress();
  const q = params.get('q') ?? '';
  const status = OrderStatusSchema.safeParse(params.get('status')).data ?? '';
  const paymentStatus = PaymentStatusSchema.safeParse(params.get('paymentStatus')).data ?? '';
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const [search, setSearch] = useState(q);
  const afterTyping = useAfterTyping();

  const sortModel = useMemo(() => sortModelOf(sort), [sort]);
  const list = useListOrdersQuery(
    { status, paymentStatus, q, from, to, sort: orderSortParam(sortModel), page, pageSize },
    { pollingInterval: ORDERS_POLL_MS, skipPollingIfUnfocused: true, refetchOnFocus: true },
  );

  const filterBy = (key: string) => (event: { target: { value: string } }) => update({ [key]: event.target.value });

  function onSearch(value: string) {
    setSearch(value);
    afterTyping(() => updateLater({ q: value.trim() }));
  }

  const onSort = (model: GridSortModel) => {
    const next = orderSortParam(model);
    update({ sort: next === DEFAULT_SORT ? '' : next });
  };
  const listSearch = params.size > 0 ? `?${params.toString()}` : '';

  const columns = useMemo<GridColDef<AdminOrderSummary>[]>(
    () => [
      {
        field: '_id',
        headerName: t('orders.columns.id'),
        sortable: false,
        minWidth: 130,
        flex: 1,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={adminPaths.order(row._id)} state={{ list: listSearch }} sx={{ color: 'primary.dark', fontFamily: 'monospace' }}>
            {row._id}
          </Link>
        ),
      },
      { field: 'createdAt', headerName: t('orders.columns.createdAt'), width: 180, valueFormatter: (value: string) => formatDateTime(value, language) },
      { field: 'customer', headerName: t('orders.columns.customer'), sortable: false, flex: 1, minWidth: 140, valueGetter: (_v, row) => row.customer.name },
      {
        field: 'email',
        headerName: t('orders.columns.email'),
        sortable: false,
        flex: 1.4,
        minWidth: 200,
        valueGetter: (_v, row) => row.customer.email,
        renderCell: ({ row }) => <span dir="ltr">{row.customer.email}</span>,
      },
      { field: 'itemCount', headerName: t('orders.columns.items'), sortable: false, type: 'number', width: 80 },
      { field: 'amount', headerName: t('orders.columns.amount'), type: 'number', width: 120, valueFormatter: (value: number) => formatPrice(value) },
      { field: 'refunded', headerName: t('orders.columns.refunded'), sortable: false, type: 'number', width: 110, valueFormatter: (value: number) => (value > 0 ? formatPrice(value) : '') },
      { field: 'status', headerName: t('orders.columns.status'), sortable: false, width: 170, valueGetter: (_v, row) => t(`orderStatus.${row.status}`) },
      { field: 'paymentStatus', headerName: t('orders.columns.paymentStatus'), sortable: false, width: 160, valueGetter: (_v, row) => t(`paymentStatus.${row.paymentStatus}`) },
    ],
    [t, language, listSearch],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h1">
          {t('orders.title')}
        </Typography>
        <Button component="a" href={exportHref(from, to)} download variant="outlined" startIcon={<DownloadIcon />}>
          {t('orders.download')}
        </Button>
      </Stack>
      <Box role="search" aria-label={t('orders.search')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField type="search" label={t('orders.search')} value={search} onChange={(event) => onSearch(event.target.value)} sx={{ minWidth: 260, flexGrow: 1 }} />
        <TextField select label={t('orders.status')} value={status} onChange={filterBy('status')} sx={{ minWidth: 190 }}>
          <MenuItem value="">{t('common.all')}</MenuItem>
          {OrderStatusSchema.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`orderStatus.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('orders.paymentStatus')} value={paymentStatus} onChange={filterBy('paymentStatus')} sx={{ minWidth: 190 }}>
          <MenuItem value="">{t('common.all')}</MenuItem>
          {PaymentStatusSchema.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`paymentStatus.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t('orders.from')}
          value={from}
          onChange={filterBy('from')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
          sx={{ minWidth: 170 }}
        />
        <TextField
          type="date"
          label={t('orders.to')}
          value={to}
          onChange={filterBy('to')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
          sx={{ minWidth: 170 }}
        />
      </Box>
      <ServerGrid
        aria-label={t('orders.grid')}
        list={list}
        page={page}
        pageSize={pageSize}
        update={update}
        columns={columns}
        loading={list.isLoading}
        sortModel={sortModel}
        onSortModelChange={onSort}
        sortingOrder={['desc', 'asc']}
        disableRowSelectionOnClick
        onRowClick={({ row }: { row: AdminOrderSummary }) => void navigate(adminPaths.order(row._id), { state: { list: listSearch } })}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Stack>
  );
}
