import { type AdminProduct, type StockAdjustmentBody, StockAdjustmentBodySchema } from '@dukkan/contracts/admin-products';
import { formatDateTime } from '@dukkan/contracts/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { useAdjustStockMutation, useStockLedgerQuery } from '../app/api/products-api';
import { failureOf } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { toLanguage } from '../app/language';

/** The ledger's kinds of change (modules/admin products): shown in the screen's language. */
const KINDS = ['edit', 'adjustment', 'order', 'expiry', 'cancellation', 'import'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

interface Fields {
  delta: string;
  reason: string;
}

/** What an adjustment sends: the delta typed as a whole number (else no number), and the reason. */
function adjustmentOf(fields: Fields): StockAdjustmentBody {
  const delta = fields.delta.trim();
  return { delta: /^[-+]?\d+$/.test(delta) ? Number(delta) : Number.NaN, reason: fields.reason.trim() };
}

/** The editor's stock: adjust by a delta with a reason, and the ledger of every change. */
export function StockSection({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const ledger = useStockLedgerQuery(product._id);
  const [adjust] = useAdjustStockMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<Fields>({
    defaultValues: { delta: '', reason: '' },
    resolver: contractResolver(StockAdjustmentBodySchema, { bodyOf: adjustmentOf, wording: wordingOf(t, { delta: t('validation.delta') }) }),
  });
  const { errors, isSubmitting } = formState;

  async function onSubmit(fields: Fields) {
    setFailure(null);
    const result = await adjust({ id: product._id, ...adjustmentOf(fields) });
    if ('data' in result) {
      toast.success(t('editor.adjusted'));
      reset();
      return;
    }
    const answer = failureOf(result.error);
    if (answer.field?.path === 'delta' || answer.field?.path === 'reason') setError(answer.field.path, { message: answer.field.message });
    else setFailure(answer.message || t('app.networkError'));
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="stock-heading" sx={{ p: 3 }}>
      <Typography id="stock-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
        {t('editor.stockTitle')}: {product.quantity}
      </Typography>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('editor.adjustTitle')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('editor.delta')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            {...register('delta')}
            {...errorProps(errors.delta)}
          />
          <TextField
            label={t('editor.adjustReason')}
            required
            sx={{ flexGrow: 1 }}
            {...register('reason')}
            {...errorProps(errors.reason)}
          />
          <Button type="submit" variant="outlined" loading={isSubmitting} sx={{ mt: 1 }}>
            {t('editor.adjust')}
          </Button>
        </Stack>
      </form>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        {t('editor.ledgerTitle')}
      </Typography>
      {ledger.data && ledger.data.length === 0 ? <Typography>{t('editor.ledgerEmpty')}</Typography> : null}
      {ledger.data && ledger.data.length > 0 ? (
        <TableContainer>
          <Table size="small">
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('editor.ledgerTitle')}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('editor.ledger.when')}</TableCell>
                <TableCell>{t('editor.ledger.kind')}</TableCell>
                <TableCell align="right">{t('editor.ledger.before')}</TableCell>
                <TableCell align="right">{t('editor.ledger.after')}</TableCell>
                <TableCell>{t('editor.ledger.reason')}</TableCell>
                <TableCell>{t('editor.ledger.who')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.data.map((entry, index) => (
                <TableRow key={`${entry.createdAt}-${index}`}>
                  <TableCell>{formatDateTime(entry.createdAt, language)}</TableCell>
                  <TableCell>{isKind(entry.kind) ? t(`editor.kinds.${entry.kind}`) : entry.kind}</TableCell>
                  <TableCell align="right">{entry.quantityBefore}</TableCell>
                  <TableCell align="right">{entry.quantityAfter}</TableCell>
                  <TableCell dir="auto">{entry.reason ?? ''}</TableCell>
                  <TableCell dir="auto">{entry.staff?.name ?? entry.orderId ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
