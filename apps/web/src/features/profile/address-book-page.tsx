import { joinParts } from '@dukkan/contracts/format';
import type { Address, AddressInput } from '@dukkan/contracts/users';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSignedInUser } from '../../app/hooks';
import { AddressForm } from '../../components/address-form';
import { errorMessageOf } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';
import { useLanguage } from '../../lib/use-language';

import { useGetUserQuery, useSaveAddressBookMutation } from './users-api';

/** The id of an address's Remove button: focus goes to the next one when an address is removed. */
const removeButtonId = (id: string) => `address-remove-${id}`;

function AddressCard({ address, onRemove, removing }: { address: Address; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const areaAndStreet = joinParts([address.area, address.street], lng);
  const buildingAndFloor =
    address.building !== ''
      ? t('profile.addressBuilding', { building: address.building, floor: address.floor })
      : t('profile.addressFloor', { floor: address.floor });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start' }}>
      <Box>
        <Typography sx={{ fontWeight: 700 }}>{joinParts([address.city, address.country], lng)}</Typography>
        <Typography>{areaAndStreet}</Typography>
        <Typography>{buildingAndFloor}</Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
          {address.fullName} · <span dir="ltr">{address.phoneNumber}</span>
        </Typography>
      </Box>
      <Button
        color="error"
        size="small"
        id={removeButtonId(address._id)}
        // Not `disabled` while a save is on its way: a disabled button would drop the focus.
        onClick={removing ? undefined : onRemove}
        aria-disabled={removing || undefined}
        aria-label={joinParts([t('profile.addressRemove'), address.city], lng)}
      >
        {t('profile.addressRemove')}
      </Button>
    </Paper>
  );
}

/** The id prefix of the add-address form's fields here: its first field takes the focus when it opens. */
const FORM_ID = 'address';

/**
 * `/userprofile/address` (spec sections 2, 3, 7): the saved addresses (city and country, area
 * and street, building and floor) and the add-address form. Saving sends the whole list as last
 * read — saved ones with their `_id`, the new one without — and the list is then reloaded. The
 * form takes the place of 'Add a new address', so the focus goes with them: into the form's first
 * field when it opens, back to the button when it closes (saved or cancelled).
 */
export function AddressBookPage() {
  const { t } = useTranslation('account');
  const user = useSignedInUser();
  const { data: saved, isLoading, isError } = useGetUserQuery(user?.id ?? '', { skip: !user });
  const [saveAddressBook, { isLoading: saving }] = useSaveAddressBookMutation();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const formWasOpen = useRef(false);
  const addressIds = useMemo(() => saved?.addressBook.map((address) => address._id), [saved]);
  // A removed address's Remove button goes with it: the focus moves to the next one, else the heading.
  const { headingRef, removing, removalFailed } = useFocusAfterRemoval(addressIds, removeButtonId);

  useEffect(() => {
    if (adding) document.getElementById(`${FORM_ID}-fullName`)?.focus();
    else if (formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = adding;
  }, [adding]);

  if (!user) return null;
  const book = saved?.addressBook ?? [];

  const save = async (next: AddressInput[], success: string): Promise<boolean> => {
    const result = await saveAddressBook({ id: user.id, book: next });
    if ('error' in result) {
      void notify('error', errorMessageOf(result.error) ?? t('errors.generic'));
      return false;
    }
    void notify('success', success);
    return true;
  };

  return (
    <Box>
      <Typography variant="h2" ref={headingRef} tabIndex={-1}>
        {t('profile.addressTitle')}
      </Typography>
      {isLoading ? <CircularProgress sx={{ mt: 2 }} aria-label={t('profile.addressTitle')} /> : null}
      {isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('profile.loadError')}
        </Alert>
      ) : null}
      {saved && book.length === 0 ? <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('profile.addressEmpty')}</Typography> : null}
      {book.length > 0 ? (
        <Box component="ul" aria-label={t('profile.addressListLabel')} sx={{ listStyle: 'none', p: 0, mt: 2, display: 'grid', gap: 1.5 }}>
          {book.map((address) => (
            <AddressCard
              key={address._id}
              address={address}
              removing={saving}
              onRemove={() => {
                removing(address._id);
                void save(
                  book.filter((other) => other._id !== address._id),
                  t('profile.addressRemoved'),
                ).then((ok) => {
                  if (!ok) removalFailed(address._id);
                });
              }}
            />
          ))}
        </Box>
      ) : null}
      <Box sx={{ mt: 3 }}>
        {adding ? (
          <AddressForm
            idPrefix={FORM_ID}
            onCancel={() => setAdding(false)}
            onSave={async (address) => {
              const ok = await save([...book, address], t('profile.addressSaved'));
              if (ok) setAdding(false);
              return ok;
            }}
          />
        ) : (
          <Button ref={addButton} variant="outlined" startIcon={<AddIcon aria-hidden="true" />} onClick={() => setAdding(true)} disabled={!saved}>
            {t('profile.addressAdd')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
