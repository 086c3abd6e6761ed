import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { formField } from '../lib/form-field';

type FieldName =
  | 'fullName'
  | 'phoneNumber'
  | 'country'
  | 'city'
  | 'area'
  | 'street'
  | 'building'
  | 'floor'
  | 'apartment'
  | 'zipCode'
  | 'extraDetails';
/** The form's values: every field as typed (the API turns the numeric ones into digit strings). */
export type AddressFields = Record<FieldName, string>;

/** Spec section 3's address fields in form order; section 5's required ones; the API's bounds. */
const FIELDS: { name: FieldName; required: boolean; max: number; numeric?: boolean; autoComplete?: string; wide?: boolean }[] = [
  { name: 'fullName', required: true, max: 100, autoComplete: 'name', wide: true },
  { name: 'phoneNumber', required: true, max: 20, autoComplete: 'tel' },
  { name: 'country', required: true, max: 60, autoComplete: 'country-name' },
  { name: 'city', required: true, max: 60, autoComplete: 'address-level2' },
  { name: 'area', required: false, max: 60, autoComplete: 'address-level1' },
  { name: 'street', required: true, max: 120, autoComplete: 'address-line1', wide: true },
  { name: 'building', required: false, max: 60 },
  { name: 'floor', required: true, max: 3, numeric: true },
  { name: 'apartment', required: true, max: 5, numeric: true },
  { name: 'zipCode', required: true, max: 10, numeric: true, autoComplete: 'postal-code' },
  { name: 'extraDetails', required: false, max: 300, wide: true },
];

const EMPTY: AddressFields = {
  fullName: '',
  phoneNumber: '',
  country: '',
  city: '',
  area: '',
  street: '',
  building: '',
  floor: '',
  apartment: '',
  zipCode: '',
  extraDetails: '',
};

const PHONE = /^\+?[\d\s()-]{6,20}$/;
const DIGITS = /^\d+$/;

interface AddressFormProps {
  /** Saves the new address; resolves `true` when it was saved (the form then empties). */
  onSave: (address: AddressFields) => Promise<boolean>;
  onCancel: () => void;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix?: string;
  /**
   * The id of a heading outside the form that names it (a dialog's title): the form then shows
   * no title of its own.
   */
  labelledBy?: string;
  /** Controls shown under the fields, before the buttons (the checkout's payment-details checkbox). */
  children?: ReactNode;
}

/**
 * The new-address form (spec sections 3 and 5): required marks, numeric inputs for zip code,
 * floor and apartment, each error shown under its field and linked to it (aria-describedby).
 * Used by the address book and by the checkout's 'add New' dialog.
 */
export function AddressForm({ onSave, onCancel, idPrefix = 'address', labelledBy, children }: AddressFormProps) {
  const { t } = useTranslation('account');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddressFields>({ defaultValues: EMPTY });

  const onSubmit = async (values: AddressFields) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as AddressFields;
    if (await onSave(trimmed)) reset(EMPTY);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby={labelledBy ?? `${idPrefix}-form-title`}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}
    >
      {labelledBy === undefined ? (
        <Typography variant="h3" id={`${idPrefix}-form-title`} sx={{ fontSize: '1.2rem', gridColumn: '1 / -1' }}>
          {t('profile.addressFormTitle')}
        </Typography>
      ) : null}
      <Typography sx={{ color: 'text.secondary', fontSize: '0.85rem', gridColumn: '1 / -1' }}>{t('profile.requiredNote')}</Typography>
      {FIELDS.map(({ name, required, max, numeric, autoComplete, wide }) => {
        const label = t(`profile.fields.${name}`);
        return (
          <TextField
            key={name}
            id={`${idPrefix}-${name}`}
            label={label}
            required={required}
            multiline={name === 'extraDetails'}
            autoComplete={autoComplete ?? 'off'}
            sx={wide ? { gridColumn: '1 / -1' } : undefined}
            slotProps={{
              htmlInput: {
                maxLength: max,
                ...(numeric ? { inputMode: 'numeric', pattern: '[0-9]*', dir: 'ltr' } : {}),
                ...(name === 'phoneNumber' ? { inputMode: 'tel', dir: 'ltr' } : {}),
              },
            }}
            {...formField(register, errors, name, {
              validate: (raw) => {
                const value = raw.trim();
                if (value === '') return required ? t('errors.fieldRequired', { field: label }) : true;
                if (value.length > max) return t('errors.fieldMax', { field: label, max });
                if (numeric && !DIGITS.test(value)) return t('errors.fieldNumeric', { field: label });
                if (name === 'phoneNumber' && !PHONE.test(value)) return t('errors.phoneInvalid');
                return true;
              },
            })}
          />
        );
      })}
      {children ? <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box> : null}
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', gridColumn: '1 / -1' }}>
        <Button type="button" variant="outlined" onClick={onCancel}>
          {t('profile.addressCancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? t('profile.addressSaving') : t('profile.addressSave')}
        </Button>
      </Box>
    </Box>
  );
}
