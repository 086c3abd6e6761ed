import type { Language } from '@dukkan/contracts/common';
import { joinParts } from '@dukkan/contracts/format';
import type { Address, AddressInput } from '@dukkan/contracts/users';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AddressForm } from '../../components/address-form';
import { notify } from '../../lib/notify';
import { useLanguage } from '../../lib/use-language';

/** Spec section 9: the address modal is 800px wide (less on a narrow screen). */
export const ADDRESS_DIALOG_WIDTH = 800;

/** The shopper's saved addresses, as the app gives them to the checkout (features/profile reads them). */
export interface CheckoutAddressBook {
  /** `undefined` until read. */
  addresses: Address[] | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  /** Saves a new address after the saved ones; answers it with its `_id`, or why it failed. */
  addAddress: (address: AddressInput) => Promise<{ address: Address } | { error: string | null }>;
}

export const ADDRESS_ERROR_ID = 'checkout-address-error';
const HEADING_ID = 'checkout-address-heading';
const DIALOG_TITLE_ID = 'checkout-address-dialog-title';

/** The id of the radio input of a saved address (focused after it is added, or when one must be chosen). */
export function addressRadioId(addressId: string): string {
  return `checkout-address-${addressId}`;
}

/** "26th of July St., Zamalek, Cairo, Egypt" (Arabic: with '،'): the address line of a radio's label. */
function addressLine(address: Address, lng: Language): string {
  return joinParts([address.street, address.area, address.city, address.country], lng);
}

interface ShippingAddressProps {
  book: CheckoutAddressBook;
  selectedId: string | null;
  onSelect: (address: Address) => void;
  /** The message to show under the addresses when Place Order found none chosen. */
  error: string | null;
}

/**
 * The shipping address area of the checkout (spec sections 2, 4, 5): each saved address with a
 * radio button (choosing one stores it as the order's address), 'add New' — always, and 'Add an
 * address now' too when there is none — opening the new-address form in a dialog 800px wide.
 * Saving closes the dialog and selects the new address; focus then goes to its radio (or back to
 * the button that opened the dialog when it was closed without saving).
 */
export function ShippingAddress({ book, selectedId, onSelect, error }: ShippingAddressProps) {
  // The dialog's form speaks 'account': loaded with the checkout, not when the dialog opens. A
  // namespace loading then would suspend the page, and Preact (decision 0021) mounts a suspended
  // page afresh, forgetting that the dialog was opened.
  const { t } = useTranslation(['shopping', 'account']);
  const lng = useLanguage();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  // The radio to focus once the dialog has closed after saving: the new address's.
  const focusAfterClose = useRef<string | null>(null);
  // That radio, while the reloaded list does not show it yet.
  const pendingFocus = useRef<string | null>(null);
  const addresses = book.addresses ?? [];

  function focusById(id: string): boolean {
    const element = document.getElementById(id);
    element?.focus();
    return element !== null;
  }

  useEffect(() => {
    if (pendingFocus.current && focusById(pendingFocus.current)) pendingFocus.current = null;
  }, [book.addresses]);

  function afterClose() {
    const target = focusAfterClose.current;
    focusAfterClose.current = null;
    if (target === null) {
      // Closed without saving: back to the button that opened it.
      opener.current?.focus();
    } else if (!focusById(target)) {
      pendingFocus.current = target;
    }
  }

  function openDialog(event: MouseEvent<HTMLButtonElement>) {
    opener.current = event.currentTarget;
    focusAfterClose.current = null;
    setOpen(true);
  }

  async function save(fields: AddressInput): Promise<boolean> {
    const result = await book.addAddress(fields);
    if ('error' in result) {
      void notify('error', result.error ?? t('checkout.addressFailed'));
      return false;
    }
    onSelect(result.address);
    focusAfterClose.current = addressRadioId(result.address._id);
    setOpen(false);
    void notify('success', t('checkout.addressSaved'));
    return true;
  }

  let body;
  if (book.isLoading) {
    body = <CircularProgress size={28} aria-label={t('checkout.addressesLoading')} />;
  } else if (book.isError && !book.addresses) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={book.refetch}>
            {t('checkout.retry')}
          </Button>
        }
      >
        {t('checkout.addressesError')}
      </Alert>
    );
  } else if (addresses.length === 0) {
    body = (
      <Box sx={{ display: 'grid', justifyItems: 'start', gap: 1 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('checkout.noAddress')}</Typography>
        <Button variant="contained" startIcon={<AddIcon aria-hidden="true" />} onClick={openDialog} aria-describedby={error ? ADDRESS_ERROR_ID : undefined}>
          {t('checkout.addAddressNow')}
        </Button>
      </Box>
    );
  } else {
    body = (
      <RadioGroup
        name="shippingAddress"
        aria-labelledby={HEADING_ID}
        aria-required="true"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? ADDRESS_ERROR_ID : undefined}
        value={selectedId ?? ''}
        onChange={(_event, id) => {
          const address = addresses.find((entry) => entry._id === id);
          if (address) onSelect(address);
        }}
        sx={{ gap: 1 }}
      >
        {addresses.map((address) => (
          <FormControlLabel
            key={address._id}
            value={address._id}
            control={<Radio slotProps={{ input: { id: addressRadioId(address._id) } }} />}
            sx={{
              alignItems: 'flex-start',
              m: 0,
              p: 1.5,
              pe: 2,
              border: 1,
              borderRadius: 2,
              borderColor: address._id === selectedId ? 'primary.main' : 'divider',
              '& .MuiRadio-root': { mt: -0.75 },
            }}
            label={
              <>
                <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {address.fullName}
                </Box>{' '}
                <Box component="span" sx={{ display: 'block' }}>
                  {addressLine(address, lng)}
                </Box>{' '}
                <Box component="span" dir="ltr" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.9rem', textAlign: 'start' }}>
                  {address.phoneNumber}
                </Box>
              </>
            }
          />
        ))}
      </RadioGroup>
    );
  }

  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={HEADING_ID} component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
          {t('checkout.shippingAddress')}
        </Typography>
        {/* Always here (spec section 2), also beside 'Add an address now'; usable once the book
            is read, since saving sends the whole book with the new address. */}
        <Button size="small" startIcon={<AddIcon aria-hidden="true" />} onClick={openDialog} disabled={book.addresses === undefined}>
          {t('checkout.addNew')}
        </Button>
      </Box>
      {body}
      {error ? (
        <Typography id={ADDRESS_ERROR_ID} role="alert" sx={{ color: 'error.main', fontWeight: 600, fontSize: '0.9rem' }}>
          {error}
        </Typography>
      ) : null}
      <AddressDialog
        open={open}
        onClose={() => setOpen(false)}
        onExited={afterClose}
        onSave={save}
      />
    </Box>
  );
}

interface AddressDialogProps {
  open: boolean;
  onClose: () => void;
  onExited: () => void;
  onSave: (fields: AddressInput) => Promise<boolean>;
}

/**
 * The new-address form in a modal dialog (MUI traps focus in it and closes it with Escape). The
 * checkbox 'Use this address for payment details' has no effect (spec section 5): the card
 * page asks for what it needs.
 */
function AddressDialog({ open, onClose, onExited, onSave }: AddressDialogProps) {
  const { t } = useTranslation('shopping');
  const [forPayment, setForPayment] = useState(true);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={DIALOG_TITLE_ID}
      maxWidth={false}
      // Focus is put back by the checkout itself: on the new address's radio after saving.
      disableRestoreFocus
      slotProps={{
        paper: { sx: { width: ADDRESS_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } },
        transition: { onExited },
      }}
    >
      <DialogTitle id={DIALOG_TITLE_ID} sx={{ pe: 7 }}>
        {t('checkout.dialogTitle')}
      </DialogTitle>
      <IconButton aria-label={t('checkout.closeDialog')} onClick={onClose} sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <AddressForm idPrefix="checkout-address" labelledBy={DIALOG_TITLE_ID} onSave={onSave} onCancel={onClose}>
          <FormControlLabel
            control={<Checkbox checked={forPayment} onChange={(event) => setForPayment(event.target.checked)} />}
            label={t('checkout.usePaymentDetails')}
          />
        </AddressForm>
      </DialogContent>
    </Dialog>
  );
}
