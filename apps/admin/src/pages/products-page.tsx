import type { AdminProduct } from '@dukkan/contracts/admin-products';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { adminApi } from '../app/api';
import { failureOf } from '../app/errors';
import { formatDateTime, formatDollars } from '../app/format';
import { toLanguage } from '../app/language';

const SORTABLE = new Set(['title', 'price', 'quantity', 'updatedAt']);
const PAGE_SIZES = [25, 50, 100];
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The grid's sort model as the API's `sort`: `price` or `-price`; the newest changes first by default. */
export function sortParam(model: GridSortModel): string {
  const first = model[0];
  if (!first?.sort || !SORTABLE.has(first.field)) return '-updatedAt';
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

/** Waits `ms` after the last change of `value` (the search box asks the API once typing stops). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `/admin/products`: the catalog, paged, sorted and filtered by the API. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('');
  const [stock, setStock] = useState('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'updatedAt', sort: 'desc' }]);
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [bulkBusy, setBulkBusy] = useState(false);

  const categories = adminApi.useCategoriesQuery(language);
  const list = adminApi.useListProductsQuery({ q, category, status, stock, sort: sortParam(sortModel), page: paging.page + 1, pageSize: paging.pageSize });
  const [updateProduct] = adminApi.useUpdateProductMutation();

  /** A new search or filter starts again from the first page. */
  function filterBy(set: (value: string) => void) {
    return (event: { target: { value: string } }) => {
      set(event.target.value);
      setPaging((current) => (current.page === 0 ? current : { ...current, page: 0 }));
    };
  }

  const labelOf = useMemo(() => new Map((categories.data ?? []).map((c) => [c.name, c.label])), [categories.data]);

  const columns = useMemo<GridColDef<AdminProduct>[]>(
    () => [
      {
        field: 'image',
        headerName: t('products.columns.image'),
        sortable: false,
        width: 72,
        renderCell: ({ row }) => (row.images[0] ? <img src={row.images[0]} alt="" width={48} height={48} style={{ objectFit: 'contain' }} loading="lazy" /> : null),
      },
      {
        field: 'title',
        headerName: t('products.columns.title'),
        flex: 2,
        minWidth: 220,
        valueGetter: (_value, row) => row.title[language],
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/products/${row._id}`} lang={language} dir="auto">
            {row.title[language] || row.title.en}
          </Link>
        ),
      },
      { field: 'category', headerName: t('products.columns.category'), sortable: false, flex: 1, minWidth: 140, valueGetter: (_v, row) => labelOf.get(row.category) ?? row.category },
      { field: 'price', headerName: t('products.columns.price'), type: 'number', width: 110, valueFormatter: (value: number) => formatDollars(value) },
      { field: 'quantity', headerName: t('products.columns.quantity'), type: 'number', width: 100 },
      { field: 'status', headerName: t('products.columns.status'), sortable: false, width: 120, valueGetter: (_v, row) => t(`status.${row.status}`) },
      { field: 'updatedAt', headerName: t('products.columns.updatedAt'), width: 180, valueFormatter: (value: string) => formatDateTime(value, language) },
    ],
    [t, language, labelOf],
  );

  const selectedIds = [...selection.ids].map(String);

  async function bulk(next: 'published' | 'draft') {
    setBulkBusy(true);
    const results = await Promise.all(selectedIds.map((id) => updateProduct({ id, body: { status: next } })));
    setBulkBusy(false);
    const failed = results.filter((result) => 'error' in result);
    const done = results.length - failed.length;
    if (done > 0) toast.success(t('products.bulkDone', { count: done }));
    if (failed.length > 0) toast.error(`${t('products.bulkFailed', { count: failed.length })} ${failureOf(failed[0]?.error).message}`);
    setSelection(EMPTY_SELECTION);
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h1">
          {t('products.title')}
        </Typography>
        <Button component={RouterLink} to="/products/new" variant="contained" startIcon={<AddIcon />}>
          {t('products.new')}
        </Button>
      </Stack>
      <Box role="search" aria-label={t('products.search')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField type="search" label={t('products.search')} value={search} onChange={filterBy(setSearch)} sx={{ minWidth: 260, flexGrow: 1 }} />
        <TextField select label={t('products.department')} value={category} onChange={filterBy(setCategory)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('products.any')}</MenuItem>
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.name} value={c.name}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('products.status')} value={status} onChange={filterBy(setStatus)} sx={{ minWidth: 150 }}>
          <MenuItem value="">{t('products.any')}</MenuItem>
          <MenuItem value="published">{t('status.published')}</MenuItem>
          <MenuItem value="draft">{t('status.draft')}</MenuItem>
          <MenuItem value="archived">{t('status.archived')}</MenuItem>
        </TextField>
        <TextField select label={t('products.stock')} value={stock} onChange={filterBy(setStock)} sx={{ minWidth: 150 }}>
          <MenuItem value="">{t('products.any')}</MenuItem>
          <MenuItem value="low">{t('products.low')}</MenuItem>
          <MenuItem value="out">{t('products.out')}</MenuItem>
        </TextField>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={selectedIds.length === 0 || bulkBusy} onClick={() => void bulk('published')}>
          {t('products.publish')}
        </Button>
        <Button variant="outlined" disabled={selectedIds.length === 0 || bulkBusy} onClick={() => void bulk('draft')}>
          {t('products.unpublish')}
        </Button>
        <Typography variant="body2" aria-live="polite">
          {selectedIds.length > 0 ? t('products.selected', { count: selectedIds.length }) : ''}
        </Typography>
      </Stack>
      {list.isError ? (
        <Typography role="alert" color="error">
          {t('app.error', { message: failureOf(list.error).message || t('app.networkError') })}
        </Typography>
      ) : null}
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          aria-label={t('products.grid')}
          rows={list.data?.data ?? []}
          getRowId={(row) => row._id}
          columns={columns}
          rowCount={list.data?.total ?? 0}
          loading={list.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          sortingOrder={['asc', 'desc']}
          checkboxSelection
          disableRowSelectionOnClick
          keepNonExistentRowsSelected
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          rowHeight={60}
        />
      </Box>
    </Stack>
  );
}
