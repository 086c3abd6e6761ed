import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';

import { adminApi, type ImportCounts, type ImportProgress } from '../app/api';
import { failureOf } from '../app/errors';

interface ImportError {
  line: number;
  column: string;
  message: string;
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'errors'; errors: ImportError[] }
  | { kind: 'ready'; counts: ImportCounts }
  | { kind: 'importing'; importId: string | null }
  | { kind: 'done'; counts: ImportCounts }
  | { kind: 'failed'; message: string };

/** The `{errors:[{line, column, message}]}` of a refused import, if that is what the API answered. */
function importErrorsOf(error: unknown): ImportError[] | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('errors' in data) || !Array.isArray(data.errors)) return null;
  const errors: unknown[] = data.errors;
  return errors as ImportError[];
}

/** The stage an import's progress report means, once it has finished (else `null`: still running). */
function stageOfProgress(data: ImportProgress | undefined): Stage | null {
  if (!data) return null;
  if (data.errors.length > 0) return { kind: 'errors', errors: data.errors };
  if (data.status === 'done' || data.status === 'checked') return { kind: 'done', counts: { created: data.created, updated: data.updated } };
  // The progress report has no reason for a failure: the page says so in its own words (message '').
  if (data.status === 'failed') return { kind: 'failed', message: '' };
  return null;
}

/** `/admin/import`: export every product; import a CSV after a dry run shows what it would do. */
export default function ImportPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [run, { isLoading }] = adminApi.useImportProductsMutation();
  const importId = stage.kind === 'importing' ? stage.importId : null;
  // Polled every half second until it reports an end.
  const finished = stageOfProgress(adminApi.endpoints.importStatus.useQueryState(importId ?? skipToken).data) !== null;
  const progress = adminApi.useImportStatusQuery(importId ?? skipToken, { pollingInterval: finished ? 0 : 500, skipPollingIfUnfocused: false });

  // While the API imports in the background, what its progress says decides what is shown.
  const shown = stage.kind === 'importing' && importId ? stageOfProgress(progress.data) ?? stage : stage;

  // The 202 came before the rows were written: the lists are stale once the background import is done.
  const dispatch = useDispatch();
  const importedInBackground = importId !== null && shown.kind === 'done';
  useEffect(() => {
    if (importedInBackground) dispatch(adminApi.util.invalidateTags(['Products', 'Product', 'Ledger']));
  }, [importedInBackground, dispatch]);

  function fail(error: unknown) {
    const errors = importErrorsOf(error);
    if (errors) setStage({ kind: 'errors', errors });
    else setStage({ kind: 'failed', message: failureOf(error).message || t('app.networkError') });
  }

  async function check(chosen: File) {
    const text = await chosen.text();
    setCsv(text);
    const result = await run({ csv: text, dryRun: true });
    if ('data' in result && result.data) setStage({ kind: 'ready', counts: result.data.counts ?? { created: 0, updated: 0 } });
    else fail(result.error);
  }

  async function confirm() {
    setStage({ kind: 'importing', importId: null });
    const result = await run({ csv, dryRun: false });
    if ('data' in result && result.data) {
      if (result.data.importId) setStage({ kind: 'importing', importId: result.data.importId });
      else setStage({ kind: 'done', counts: result.data.counts ?? { created: 0, updated: 0 } });
    } else fail(result.error);
  }

  const checked = progress.data?.rowsChecked ?? 0;
  const total = progress.data?.total ?? 0;

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h1">
        {t('importPage.title')}
      </Typography>

      <Paper variant="outlined" component="section" aria-labelledby="export-heading" sx={{ p: 3 }}>
        <Typography id="export-heading" component="h2" variant="h2" sx={{ mb: 1 }}>
          {t('importPage.exportTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('importPage.exportText')}</Typography>
        <Button href="/api/admin/products/export.csv" download="products.csv" variant="outlined" startIcon={<DownloadIcon />}>
          {t('importPage.export')}
        </Button>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="import-heading" sx={{ p: 3 }}>
        <Typography id="import-heading" component="h2" variant="h2" sx={{ mb: 1 }}>
          {t('importPage.importTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('importPage.importText')}</Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <label htmlFor={inputId}>{t('importPage.file')}</label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={isLoading || shown.kind === 'importing'}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setStage({ kind: 'idle' });
            }}
          />
          <Button variant="contained" disabled={!file || isLoading || shown.kind === 'importing'} loading={isLoading && shown.kind === 'idle'} onClick={() => file && void check(file)}>
            {t('importPage.check')}
          </Button>
        </Stack>

        <Box sx={{ mt: 3 }} aria-live="polite">
          {shown.kind === 'errors' ? (
            <>
              <Alert severity="error" sx={{ mb: 2 }}>
                {t('importPage.errorsTitle', { count: shown.errors.length })}
              </Alert>
              <TableContainer>
                <Table size="small">
                  <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('importPage.errorsTitle', { count: shown.errors.length })}</caption>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('importPage.errors.line')}</TableCell>
                      <TableCell>{t('importPage.errors.column')}</TableCell>
                      <TableCell>{t('importPage.errors.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.errors.map((error, index) => (
                      <TableRow key={`${error.line}-${error.column}-${index}`}>
                        <TableCell>{error.line}</TableCell>
                        <TableCell dir="ltr">{error.column}</TableCell>
                        <TableCell dir="auto">{error.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          ) : null}
          {shown.kind === 'ready' ? (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="success">{t('importPage.ready', { ...shown.counts })}</Alert>
              <Button variant="contained" onClick={() => void confirm()}>
                {t('importPage.confirm')}
              </Button>
            </Stack>
          ) : null}
          {shown.kind === 'importing' ? (
            <Box role="status">
              <Typography sx={{ mb: 1 }}>{importId && total > 0 ? t('importPage.progress', { checked, total }) : t('importPage.importing')}</Typography>
              <LinearProgress
                aria-label={t('importPage.importing')}
                {...(importId && total > 0 ? { variant: 'determinate' as const, value: Math.min(100, (checked / total) * 100) } : {})}
              />
            </Box>
          ) : null}
          {shown.kind === 'done' ? <Alert severity="success">{t('importPage.done', { ...shown.counts })}</Alert> : null}
          {shown.kind === 'failed' ? <Alert severity="error">{shown.message ? t('importPage.failed', { message: shown.message }) : t('importPage.failedInBackground')}</Alert> : null}
        </Box>
      </Paper>
    </Stack>
  );
}
