import type { AdminCustomer } from '@dukkan/contracts/admin-orders';
import { formatDate, formatDateTime, formatPrice } from '@dukkan/contracts/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState, type MouseEvent } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';

import { ActionDialog, useFocusReturn } from '../app/action-dialog';
import { useGetCustomerQuery, useSendPasswordResetMutation, useUpdateCustomerMutation } from '../app/api/customers-api';
import { failureOf, failureText } from '../app/errors';
import { toLanguage, type Language } from '../app/language';
import { Busy } from '../app/layout';
import { DataTable, Facts, Section, ScrollBox } from '../app/parts';
import { adminPaths } from '../app/paths';

/** `/admin/customers/:id` (owner, support): profile, addresses, orders, lifetime spend; password reset and disabling, each confirmed. */
export default function CustomerPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { id = '' } = useParams();
  const customer = useGetCustomerQuery(id);
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={adminPaths.customers()} sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}>
        {t('customer.back')}
      </Link>
      {customer.isLoading ? <Busy /> : null}
      {customer.isError ? (
        <Alert severity="error" role="alert">
          {failureOf(customer.error).status === 404 ? t('customer.notFound') : failureText(t, customer.error)}
        </Alert>
      ) : null}
      {customer.data ? <CustomerView customer={customer.data} language={language} /> : null}
    </Stack>
  );
}

function CustomerView({ customer, language }: { customer: AdminCustomer; language: Language }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'reset' | 'disable' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the open dialog does, fixed when it opens: the answer flips `customer.disabled` while it closes.
  const [disabling, setDisabling] = useState(!customer.disabled);
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(actionsHeading);
  const [updateCustomer, updating] = useUpdateCustomerMutation();
  const [sendReset, sending] = useSendPasswordResetMutation();

  function open(which: 'reset' | 'disable') {
    return (event: MouseEvent<HTMLElement>) => {
      focus.remember(event.currentTarget);
      setError(null);
      setDisabling(!customer.disabled);
      setDialog(which);
    };
  }
  const close = () => setDialog(null);

  async function onReset() {
    const result = await sendReset(customer._id);
    if (result.error) return setError(failureOf(result.error).message || t('app.networkError'));
    toast.success(t('customer.resetSent'));
    close();
  }

  async function onToggle() {
    const disabled = disabling;
    const result = await updateCustomer({ id: customer._id, disabled });
    if (result.error) return setError(failureOf(result.error).message || t('app.networkError'));
    toast.success(disabled ? t('customer.disabledDone') : t('customer.enabledDone'));
    close();
  }

  return (
    <>
      <Typography component="h1" variant="h1" dir="auto">
        {customer.name || customer.email}
      </Typography>
      <Section title={t('order.actions')} headingRef={actionsHeading}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={open('reset')}>
            {t('customer.sendReset')}
          </Button>
          <Button variant="outlined" color={customer.disabled ? 'primary' : 'error'} onClick={open('disable')}>
            {customer.disabled ? t('customer.enable') : t('customer.disable')}
          </Button>
        </Stack>
      </Section>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('customer.profile')}>
            <Facts
              items={[
                { label: t('customer.email'), value: <span dir="ltr">{customer.email}</span> },
                { label: t('customer.since'), value: formatDate(customer.createdAt, language) },
                { label: t('customer.state'), value: customer.disabled ? t('customers.disabled') : t('customers.active') },
                { label: t('customer.marketing'), value: customer.marketingEmails ? t('common.yes') : t('common.no') },
                { label: t('customer.orderCount'), value: String(customer.orderCount) },
                { label: t('customer.spend'), value: formatPrice(customer.lifetimeSpend) },
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('customer.addresses')}>
            {customer.addresses.length === 0 ? (
              <Typography variant="body2">{t('customer.addressesNone')}</Typography>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ m: 0, ps: 0, listStyle: 'none' }}>
                {customer.addresses.map((address) => (
                  <li key={address._id}>
                    <Typography component="address" variant="body2" dir="auto" sx={{ fontStyle: 'normal' }}>
                      {[address.fullName, [address.street, address.building, address.area, address.city].filter(Boolean).join(', '), address.country].filter(Boolean).join(' — ')}{' '}
                      <span dir="ltr">{address.phoneNumber}</span>
                    </Typography>
                  </li>
                ))}
              </Stack>
            )}
          </Section>
        </Grid>
      </Grid>
      <Section title={t('customer.orders')}>
        {customer.orders.length === 0 ? (
          <Typography variant="body2">{t('customer.ordersNone')}</Typography>
        ) : (
          <ScrollBox label={t('customer.orders')}>
            <DataTable
              caption={t('customer.orders')}
              size="small"
              columns={[
                { label: t('orders.columns.id') },
                { label: t('orders.columns.createdAt') },
                { label: t('orders.columns.amount'), align: 'right' },
                { label: t('orders.columns.refunded'), align: 'right' },
                { label: t('orders.columns.status') },
                { label: t('orders.columns.paymentStatus') },
              ]}
            >
              {customer.orders.map((order) => (
                <TableRow key={order._id}>
                  <TableCell>
                    <Link component={RouterLink} to={adminPaths.order(order._id)} sx={{ color: 'primary.dark', fontFamily: 'monospace' }}>
                      {order._id}
                    </Link>
                  </TableCell>
                  <TableCell>{formatDateTime(order.createdAt, language)}</TableCell>
                  <TableCell align="right">{formatPrice(order.amount)}</TableCell>
                  <TableCell align="right">{order.refunded > 0 ? formatPrice(order.refunded) : ''}</TableCell>
                  <TableCell>{t(`orderStatus.${order.status}`)}</TableCell>
                  <TableCell>{t(`paymentStatus.${order.paymentStatus}`)}</TableCell>
                </TableRow>
              ))}
            </DataTable>
          </ScrollBox>
        )}
      </Section>

      <ActionDialog
        open={dialog === 'reset'}
        title={t('customer.resetTitle', { email: customer.email })}
        confirmLabel={t('customer.sendReset')}
        cancelLabel={t('common.close')}
        busy={sending.isLoading}
        error={dialog === 'reset' ? error : null}
        onConfirm={() => void onReset()}
        onClose={close}
        onExited={focus.restore}
      >
        <Typography>{t('customer.resetText')}</Typography>
      </ActionDialog>
      <ActionDialog
        open={dialog === 'disable'}
        title={disabling ? t('customer.disableTitle', { email: customer.email }) : t('customer.enableTitle', { email: customer.email })}
        confirmLabel={disabling ? t('customer.disable') : t('customer.enable')}
        cancelLabel={t('common.close')}
        busy={updating.isLoading}
        error={dialog === 'disable' ? error : null}
        onConfirm={() => void onToggle()}
        onClose={close}
        onExited={focus.restore}
        destructive={disabling}
      >
        <Typography>{disabling ? t('customer.disableText') : t('customer.enableText')}</Typography>
      </ActionDialog>
    </>
  );
}
