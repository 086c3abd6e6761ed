import type { ImportProgress } from '@dukkan/contracts/admin-import';
import { IMPORT_ERROR_CODES, type ImportCounts, type ImportError, type ImportErrorCode } from '@dukkan/contracts/admin-products';
import { importErrorValues } from '@dukkan/contracts/import-error-texts';
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
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';

import { importApi, useImportStatusQuery } from '../app/api/import-api';
import { useCategoriesQuery, useSubcategoriesQuery } from '../app/api/products-api';
import { toLanguage, type Language } from '../app/language';
import { percentOf, uploadWithProgress, type UploadAnswer, type UploadProgress } from '../app/upload';

const isKnownCode = (code: string | undefined): code is ImportErrorCode => code !== undefined && (IMPORT_ERROR_CODES as readonly string[]).includes(code);

/**
 * An import error in the screen's language, from its code, column and params (the column named as
 * the file names it, `title_ar`); the API's own message when the code is one this screen does not
 * know (an error recorded before codes, or a newer API).
 */
function problemText(error: ImportError, t: TFunction, language: Language): { text: string; translated: boolean } {
  if (!isKnownCode(error.code)) return { text: error.message, translated: false };
  // `column` named again: i18next's types want a literal object, not a bare Record, for the options.
  return { text: t(`importPage.problems.${error.code}`, { ...importErrorValues(error.column, error.params ?? {}, language), column: error.column }), translated: true };
}

type Stage =
  | { kind: 'idle' }
  /** The file's bytes are going up. */
  | { kind: 'uploading'; dryRun: boolean; progress: UploadProgress }
  /** The API has the file and checks (and, unless a dry run, applies) it in the background. */
  | { kind: 'running'; dryRun: boolean; importId: string }
  | { kind: 'errors'; errors: ImportError[] }
  | { kind: 'ready'; counts: ImportCounts }
  | { kind: 'done'; counts: ImportCounts }
  /** `written`: products a failed apply had already created or changed (the embedded database keeps them). */
  | { kind: 'failed'; message: string; written?: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `{errors:[{line, column, message}]}` of a refused import, if that is what the API answered. */
function importErrorsOf(body: unknown): ImportError[] | null {
  if (!isRecord(body) || !Array.isArray(body.errors)) return null;
  const errors: unknown[] = body.errors;
  return errors as ImportError[];
}

/** What the API's answer to the upload means: the background import's id, counts (a synchronous answer) or a refusal. */
function outcomeOfUpload(answer: UploadAnswer): { importId: string } | { counts: ImportCounts } | { errors: ImportError[] } | { message: string } {
  const data = isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data : null;
  if (answer.status === 202 && data && typeof data.importId === 'string') return { importId: data.importId };
  if (answer.status === 200 && data) {
    return { counts: { created: typeof data.created === 'number' ? data.created : 0, updated: typeof data.updated === 'number' ? data.updated : 0 } };
  }
  const errors = answer.status === 400 ? importErrorsOf(answer.body) : null;
  if (errors) return { errors };
  return { message: isRecord(answer.body) && typeof answer.body.message === 'string' ? answer.body.message : '' };
}

/**
 * The stage an import's progress report means once it has finished (else `null`: still running).
 * A dry run's `checked` comes a moment before its counts: it is over only with `finishedAt`.
 */
function stageOfProgress(data: ImportProgress | undefined, dryRun: boolean): Stage | null {
  if (!data) return null;
  if (data.errors.length > 0) return { kind: 'errors', errors: data.errors };
  const counts = { created: data.created, updated: data.updated };
  if (dryRun && data.status === 'checked' && data.finishedAt) return { kind: 'ready', counts };
  if (!dryRun && data.status === 'done') return { kind: 'done', counts };
  // The progress report has no reason for a failure: the page says so in its own words (message '').
  if (data.status === 'failed') return { kind: 'failed', message: '', written: data.created + data.updated };
  return null;
}

/** `/admin/import`: export every product; import a CSV after a dry run shows what it would do. */
export default function ImportPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const inputId = useId();
  // The keys the category and subcategory columns take, as the API names them.
  const departments = useCategoriesQuery(language);
  const subcategories = useSubcategoriesQuery(language);
  const [file, setFile] = useState<File | null>(null);
  /** The file the dry run found valid: the one "Import now" sends. */
  const [checkedFile, setCheckedFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const running = stage.kind === 'running' ? stage : null;
  const importId = running?.importId ?? null;
  const dryRun = running?.dryRun ?? false;
  // Polled every half second until it reports an end.
  const finished = stageOfProgress(importApi.endpoints.importStatus.useQueryState(importId ?? skipToken).data, dryRun) !== null;
  const progress = useImportStatusQuery(importId ?? skipToken, { pollingInterval: finished ? 0 : 500, skipPollingIfUnfocused: false });

  // While the API imports in the background, what its progress says decides what is shown.
  const shown: Stage = running ? (stageOfProgress(progress.data, dryRun) ?? stage) : stage;
  const busy = shown.kind === 'uploading' || shown.kind === 'running';

  // The 202 came before the rows were written: the lists are stale once the background import is done.
  const dispatch = useDispatch();
  const importedInBackground = importId !== null && !dryRun && shown.kind === 'done';
  useEffect(() => {
    if (importedInBackground) dispatch(importApi.util.invalidateTags(['Products', 'Product', 'Ledger']));
  }, [importedInBackground, dispatch]);

  /** Sends `chosen` with its upload's progress shown, then follows the API's progress. */
  async function send(chosen: File, asDryRun: boolean) {
    setStage({ kind: 'uploading', dryRun: asDryRun, progress: { loaded: 0, total: chosen.size } });
    let answer: UploadAnswer;
    try {
      answer = await uploadWithProgress({
        path: `admin/products/import?${asDryRun ? 'dryRun=1&' : ''}async=1`,
        body: chosen,
        contentType: 'text/csv; charset=utf-8',
        onProgress: (uploaded) => setStage({ kind: 'uploading', dryRun: asDryRun, progress: uploaded }),
      });
    } catch {
      setStage({ kind: 'failed', message: t('app.networkError') });
      return;
    }
    // The session ended meanwhile: asking it again sends to sign-in, as every other call does.
    if (answer.status === 401) dispatch(importApi.util.invalidateTags(['Session']));
    const outcome = outcomeOfUpload(answer);
    if ('importId' in outcome) setStage({ kind: 'running', dryRun: asDryRun, importId: outcome.importId });
    else if ('counts' in outcome) {
      setStage({ kind: asDryRun ? 'ready' : 'done', counts: outcome.counts });
      if (!asDryRun) dispatch(importApi.util.invalidateTags(['Products', 'Product', 'Ledger']));
    } else if ('errors' in outcome) setStage({ kind: 'errors', errors: outcome.errors });
    else setStage({ kind: 'failed', message: outcome.message || t('app.networkError') });
  }

  function check(chosen: File) {
    setCheckedFile(chosen);
    void send(chosen, true);
  }

  function confirm() {
    if (checkedFile) void send(checkedFile, false);
  }

  const checked = progress.data?.rowsChecked ?? 0;
  const total = progress.data?.total ?? 0;
  const percent = shown.kind === 'uploading' ? percentOf(shown.progress) : 0;
  const applying = shown.kind === 'running' && progress.data?.status === 'applying';
  /** Products the apply has created or changed so far: the embedded database applies in short transactions and reports them as it goes; a server's one transaction reports them at the end. */
  const written = (progress.data?.created ?? 0) + (progress.data?.updated ?? 0);

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
        {departments.data ? (
          <Box component="section" aria-labelledby="keys-heading" sx={{ mb: 3 }}>
            <Typography id="keys-heading" component="h3" variant="h3" sx={{ mb: 1 }}>
              {t('importPage.keysTitle')}
            </Typography>
            <Typography sx={{ mb: 1 }}>{t('importPage.keysText')}</Typography>
            <TableContainer>
              <Table size="small">
                <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('importPage.keysCaption')}</caption>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('importPage.keysColumns.department')}</TableCell>
                    <TableCell>{t('importPage.keysColumns.category')}</TableCell>
                    <TableCell>{t('importPage.keysColumns.subcategories')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {departments.data.map((department) => (
                    <TableRow key={department._id}>
                      <TableCell>{department.label}</TableCell>
                      {/* Keys are written as the file holds them: left to right in the Arabic screen too. */}
                      <TableCell dir="ltr">
                        <code>{department.name}</code>
                      </TableCell>
                      <TableCell dir="ltr">
                        <code>{(subcategories.data ?? []).filter((sub) => sub.category === department.name).map((sub) => sub.name).join(', ')}</code>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <label htmlFor={inputId}>{t('importPage.file')}</label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setStage({ kind: 'idle' });
            }}
          />
          <Button
            variant="contained"
            disabled={!file || busy}
            loading={(shown.kind === 'uploading' || shown.kind === 'running') && shown.dryRun}
            onClick={() => file && check(file)}
          >
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
                    {shown.errors.map((error, index) => {
                      const problem = problemText(error, t, language);
                      return (
                        <TableRow key={`${error.line}-${error.column}-${index}`}>
                          <TableCell>{error.line}</TableCell>
                          <TableCell dir="ltr">{error.column}</TableCell>
                          {/* The API's own words may be in another language than the screen's. */}
                          <TableCell dir={problem.translated ? undefined : 'auto'}>{problem.text}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          ) : null}
          {shown.kind === 'ready' ? (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="success">{t('importPage.ready', { ...shown.counts })}</Alert>
              <Button variant="contained" onClick={confirm}>
                {t('importPage.confirm')}
              </Button>
            </Stack>
          ) : null}
          {shown.kind === 'uploading' ? (
            <Box role="status">
              <Typography sx={{ mb: 1 }}>{t('importPage.uploading')}</Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <LinearProgress variant="determinate" value={percent} aria-label={t('importPage.upload')} sx={{ flexGrow: 1 }} />
                <Typography sx={{ minWidth: '4ch', textAlign: 'end' }}>{t('importPage.percent', { percent })}</Typography>
              </Stack>
            </Box>
          ) : null}
          {shown.kind === 'running' ? (
            <Box role="status">
              <Typography sx={{ mb: 1 }}>
                {applying ? t('importPage.importing') : t('importPage.checking')}{' '}
                {applying
                  ? written > 0
                    ? t('importPage.written', { count: written })
                    : null
                  : total > 0
                    ? t('importPage.progress', { checked, count: total })
                    : t('importPage.rowsChecked', { count: checked })}
              </Typography>
              {/* Neither the number of rows (known once all are read) nor the apply (unchanged rows are never counted) gives a fraction to show. */}
              <LinearProgress aria-label={applying ? t('importPage.importing') : t('importPage.checking')} />
            </Box>
          ) : null}
          {shown.kind === 'done' ? <Alert severity="success">{t('importPage.done', { ...shown.counts })}</Alert> : null}
          {shown.kind === 'failed' ? <Alert severity="error">{shown.message
                ? t('importPage.failed', { message: shown.message })
                : shown.written
                  ? t('importPage.failedPartway', { count: shown.written })
                  : t('importPage.failedInBackground')}</Alert> : null}
        </Box>
      </Paper>
    </Stack>
  );
}
