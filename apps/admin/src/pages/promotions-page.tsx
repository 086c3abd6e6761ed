import { PROMOTIONS_PAGE_SIZE, PromotionStatusSchema, type Promotion } from '@dukkan/contracts/admin-promotions';
import { formatDateTime } from '@dukkan/contracts/format';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useListPromotionsQuery } from '../app/api/promotions-api';
import { toLanguage } from '../app/language';
import { useAfterTyping, useListAddress } from '../app/list-address';
import { adminPaths } from '../app/paths';
import { ServerGrid } from '../app/server-grid';

import { discountText, usesText } from './promotion-form';

/** The API pages promotions by 25, newest first, and takes no page size or sort. */
const PAGE_SIZES = [PROMOTIONS_PAGE_SIZE];

/**
 * `/admin/promotions` (owner, catalog): every promotion, newest first, paged and filtered by the
 * API. The status, search and page live in the address (`?status=&q=&page=`, the API's names), so
 * going back from the editor finds the list as it was.
 */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { params, page, update, updateLater } = useListAddress();
  const q = params.get('q') ?? '';
  const status = PromotionStatusSchema.safeParse(params.get('status')).data ?? '';
  const [search, setSearch] = useState(q);
  const afterTyping = useAfterTyping();
  const list = useListPromotionsQuery({ status, q, page });

  function onSearch(value: string) {
    setSearch(value);
    afterTyping(() => updateLater({ q: value.trim() }));
  }

  const listSearch = params.size > 0 ? `?${params.toString()}` : '';
  const columns = useMemo<GridColDef<Promotion>[]>(() => {
    const dateOf = (value: string | null) => (value ? formatDateTime(value, language) : t('promotions.noDate'));
    return [
      {
        field: 'name',
        headerName: t('promotions.columns.name'),
        sortable: false,
        flex: 2,
        minWidth: 200,
        valueGetter: (_v, row) => row.name[language],
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={adminPaths.promotion(row._id)} state={{ list: listSearch }} lang={language} dir="auto" sx={{ color: 'primary.dark' }}>
            {row.name[language] || row.name.en}
          </Link>
        ),
      },
      {
        field: 'code',
        headerName: t('promotions.columns.code'),
        sortable: false,
        flex: 1,
        minWidth: 130,
        renderCell: ({ row }) => (row.code === null ? t('promotions.automatic') : <span dir="ltr" style={{ fontFamily: 'monospace' }}>{row.code}</span>),
      },
      { field: 'value', headerName: t('promotions.columns.value'), sortable: false, align: 'right', headerAlign: 'right', width: 110, valueGetter: (_v, row) => discountText(row) },
      { field: 'status', headerName: t('promotions.columns.status'), sortable: false, width: 130, valueGetter: (_v, row) => t(`promotionStatus.${row.status}`) },
      {
        field: 'uses',
        headerName: t('promotions.columns.uses'),
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        width: 120,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={adminPaths.promotionOrders(row._id)} dir="ltr" sx={{ color: 'primary.dark' }}>
            {usesText(row)}
          </Link>
        ),
      },
      { field: 'startsAt', headerName: t('promotions.columns.startsAt'), sortable: false, width: 180, valueGetter: (_v, row) => dateOf(row.startsAt) },
      { field: 'endsAt', headerName: t('promotions.columns.endsAt'), sortable: false, width: 180, valueGetter: (_v, row) => dateOf(row.endsAt) },
    ];
  }, [t, language, listSearch]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h1">
          {t('promotions.title')}
        </Typography>
        <Button component={RouterLink} to={adminPaths.newPromotion()} state={{ list: listSearch }} variant="contained" startIcon={<AddIcon />}>
          {t('promotions.new')}
        </Button>
      </Stack>
      <Box role="search" aria-label={t('promotions.search')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField type="search" label={t('promotions.search')} value={search} onChange={(event) => onSearch(event.target.value)} sx={{ minWidth: 260, flexGrow: 1 }} />
        <TextField select label={t('promotions.status')} value={status} onChange={(event) => update({ status: event.target.value })} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('common.all')}</MenuItem>
          {PromotionStatusSchema.options.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`promotionStatus.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ServerGrid
        aria-label={t('promotions.grid')}
        list={list}
        page={page}
        pageSize={PROMOTIONS_PAGE_SIZE}
        pageSizeOptions={PAGE_SIZES}
        update={update}
        columns={columns}
        loading={list.isFetching}
        disableColumnSorting
        disableRowSelectionOnClick
      />
    </Stack>
  );
}
