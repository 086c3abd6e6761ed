import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid, type DataGridProps, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { failureText } from './errors';
import { PAGE_SIZES, pageParam, pageSizeParam, type UpdateAddress } from './list-address';

/** A list query as RTK Query hands it over: one page of rows and the total, or its error. */
export interface ListQuery<R> {
  data?: { data: R[]; total: number };
  isError: boolean;
  error?: unknown;
}

/**
 * One page of a list in a grid, 640 px high, that the API pages, sorts and filters (the grid's
 * own column filters off), with the API's message above it when the list cannot be loaded. The
 * page (from 1) and page size live in the address; a new page size starts again at page 1.
 * Kept apart from the other shared parts: only the pages with a grid load MUI X Data Grid.
 */
export function ServerGrid<R extends { _id: string }>({
  list,
  page,
  pageSize,
  update,
  ...props
}: Omit<DataGridProps<R>, 'rows' | 'rowCount' | 'getRowId' | 'paginationModel' | 'onPaginationModelChange'> & {
  list: ListQuery<R>;
  page: number;
  pageSize: number;
  update: UpdateAddress;
}) {
  const { t } = useTranslation();
  const paging = useMemo<GridPaginationModel>(() => ({ page: page - 1, pageSize }), [page, pageSize]);
  const onPaging = (model: GridPaginationModel) => update({ page: pageParam(model.page), pageSize: pageSizeParam(model.pageSize) }, model.pageSize !== pageSize);
  return (
    <>
      {list.isError ? (
        <Typography role="alert" color="error">
          {failureText(t, list.error)}
        </Typography>
      ) : null}
      <Box sx={{ height: 640, width: '100%' }}>
        <DataGrid
          rows={list.data?.data ?? []}
          getRowId={(row) => row._id}
          rowCount={list.data?.total ?? 0}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={paging}
          onPaginationModelChange={onPaging}
          pageSizeOptions={PAGE_SIZES}
          {...props}
        />
      </Box>
    </>
  );
}
