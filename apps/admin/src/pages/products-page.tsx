import type { AdminProduct } from '@dukkan/contracts/admin-products';
import { formatDateTime, formatPrice } from '@dukkan/contracts/format';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useCategoriesQuery, useListProductsQuery, useUpdateProductMutation } from '../app/api/products-api';
import { failureOf } from '../app/errors';
import { toLanguage } from '../app/language';
import { useAfterTyping, useListAddress } from '../app/list-address';
import { adminPaths } from '../app/paths';
import { ServerGrid } from '../app/server-grid';

const SORTABLE = new Set(['title', 'price', 'quantity', 'updatedAt']);
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The grid's sort model as the API's `sort`: `price` or `-price`; the newest changes first by default. */
export function sortParam(model: GridSortModel): string {
  const first = model[0];
  if (!first?.sort || !SORTABLE.has(first.field)) return '-updatedAt';
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

/** The API's `sort` as the grid's sort model. */
export function sortModelOf(sort: string): GridSortModel {
  const field = sort.replace(/^-/, '');
  return SORTABLE.has(field) ? [{ field, sort: sort.startsWith('-') ? 'desc' : 'asc' }] : [{ field: 'updatedAt', sort: 'desc' }];
}

/**
 * `/admin/products`: the catalog, paged, sorted and filtered by the API. The search, filters,
 * page and sort live in the address (`?q=&category=&status=&stock=&sort=&page=&pageSize=`, the
 * API's own names), so going back from the editor finds the list as it was.
 */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { params, page, pageSize, update, updateLater } = useListAddress();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const status = params.get('status') ?? '';
  const stock = params.get('stock') ?? '';
  const sort = params.get('sort') ?? '-updatedAt';
  const [search, setSearch] = useState(q);
  const afterTyping = useAfterTyping();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [bulkBusy, setBulkBusy] = useState(false);

  const categories = useCategoriesQuery(language);
  const list = useListProductsQuery({ q, category, status, stock, sort, page, pageSize });
  const [updateProduct] = useUpdateProductMutation();

  const filterBy = (key: string) => (event: { target: { value: string } }) => update({ [key]: event.target.value });

  /** The search box asks the API once typing has stopped for 300 ms. */
  function onSearch(value: string) {
    setSearch(value);
    afterTyping(() => updateLater({ q: value.trim() }));
  }

  const sortModel = useMemo(() => sortModelOf(sort), [sort]);
  const onSort = (model: GridSortModel) => {
    const next = sortParam(model);
    update({ sort: next === '-updatedAt' ? '' : next });
  };

  // The editor's way back to this list as it is now.
  const listSearch = params.size > 0 ? `?${params.toString()}` : '';
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
          // The darker blue: the primary one falls under 4.5:1 on a hovered or selected row.
          <Link component={RouterLink} to={adminPaths.product(row._id)} state={{ list: listSearch }} lang={language} dir="auto" sx={{ color: 'primary.dark' }}>
            {row.title[language] || row.title.en}
          </Link>
        ),
      },
      { field: 'category', headerName: t('products.columns.category'), sortable: false, flex: 1, minWidth: 140, valueGetter: (_v, row) => labelOf.get(row.category) ?? row.category },
      { field: 'price', headerName: t('products.columns.price'), type: 'number', width: 110, valueFormatter: (value: number) => formatPrice(value) },
      { field: 'quantity', headerName: t('products.columns.quantity'), type: 'number', width: 100 },
      { field: 'status', headerName: t('products.columns.status'), sortable: false, width: 120, valueGetter: (_v, row) => t(`status.${row.status}`) },
      { field: 'updatedAt', headerName: t('products.columns.updatedAt'), width: 180, valueFormatter: (value: string) => formatDateTime(value, language) },
    ],
    [t, language, labelOf, listSearch],
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
        <Button component={RouterLink} to={adminPaths.newProduct()} variant="contained" startIcon={<AddIcon />}>
          {t('products.new')}
        </Button>
      </Stack>
      <Box role="search" aria-label={t('products.search')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField type="search" label={t('products.search')} value={search} onChange={(event) => onSearch(event.target.value)} sx={{ minWidth: 260, flexGrow: 1 }} />
        <TextField select label={t('products.department')} value={category} onChange={filterBy('category')} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('products.allValues')}</MenuItem>
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.name} value={c.name}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('products.status')} value={status} onChange={filterBy('status')} sx={{ minWidth: 150 }}>
          <MenuItem value="">{t('products.allValues')}</MenuItem>
          <MenuItem value="published">{t('status.published')}</MenuItem>
          <MenuItem value="draft">{t('status.draft')}</MenuItem>
          <MenuItem value="archived">{t('status.archived')}</MenuItem>
        </TextField>
        <TextField select label={t('products.stock')} value={stock} onChange={filterBy('stock')} sx={{ minWidth: 150 }}>
          <MenuItem value="">{t('products.allValues')}</MenuItem>
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
      <ServerGrid
        aria-label={t('products.grid')}
        list={list}
        page={page}
        pageSize={pageSize}
        update={update}
        columns={columns}
        loading={list.isFetching}
        sortModel={sortModel}
        onSortModelChange={onSort}
        sortingOrder={['asc', 'desc']}
        checkboxSelection
        // The count of selected rows is the page's own, above ("3 products selected", in Arabic's plural
        // forms); the grid's would say it again, in MUI X's Arabic that skirts them ("3 من الصفوف").
        hideFooterSelectedRowCount
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        rowHeight={60}
      />
    </Stack>
  );
}
