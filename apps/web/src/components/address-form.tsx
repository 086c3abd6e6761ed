import { ADDRESS_MAX_LENGTHS } from '@dukkan/contracts/limits';
import { AddressInputSchema, type AddressInput } from '@dukkan/contracts/users';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { focusFirstProblem } from '../lib/focus-first-problem';
import { contractResolver, formField } from '../lib/form-field';

type FieldName = keyof typeof ADDRESS_MAX_LENGTHS;
/** The form's values: every field as typed (the API turns the numeric ones into digit strings). */
export type AddressFields = Record<FieldName, string>;

/**
 * Spec section 3's address fields in form order, and section 5's required ones: the contract
 * checks them, with the bounds the inputs take (`ADDRESS_MAX_LENGTHS`).
 */
const FIELDS: { name: FieldName; required: boolean; numeric?: boolean; autoComplete?: string; wide?: boolean }[] = [
  { name: 'fullName', required: true, autoComplete: 'name', wide: true },
  { name: 'phoneNumber', required: true, autoComplete: 'tel' },
  { name: 'country', required: true, autoComplete: 'country-name' },
  { name: 'city', required: true, autoComplete: 'address-level2' },
  { name: 'area', required: false, autoComplete: 'address-level1' },
  { name: 'street', required: true, autoComplete: 'address-line1', wide: true },
  { name: 'building', required: false },
  { name: 'floor', required: true, numeric: true },
  { name: 'apartment', required: true, numeric: true },
  { name: 'zipCode', required: true, numeric: true, autoComplete: 'postal-code' },
  { name: 'extraDetails', required: false, wide: true },
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
  } = useForm<AddressFields>({
    defaultValues: EMPTY,
    // A refused submit focuses its first problem once, in its own task (`focusFirstProblem`).
    shouldFocusError: false,
    resolver: contractResolver<AddressFields, AddressInput>(AddressInputSchema, {
      bodyOf: (fields) => fields,
      wording: ({ field, issue }) => {
        const label = t(`profile.fields.${field as FieldName}`);
        if (issue.code === 'too_small') return t('errors.fieldRequired', { field: label });
        if (issue.code === 'too_big') return t('errors.fieldMax', { field: label, max: Number(issue.maximum) });
        return field === 'phoneNumber' ? t('errors.phoneInvalid') : t('errors.fieldNumeric', { field: label });
      },
    }),
  });

  const onSubmit = async (values: AddressFields) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as AddressFields;
    if (await onSave(trimmed)) reset(EMPTY);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
      aria-labelledby={labelledBy ?? `${idPrefix}-form-title`}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}
    >
      {labelledBy === undefined ? (
        <Typography variant="h3" id={`${idPrefix}-form-title`} sx={{ fontSize: '1.2rem', gridColumn: '1 / -1' }}>
          {t('profile.addressFormTitle')}
        </Typography>
      ) : null}
      <Typography sx={{ color: 'text.secondary', fontSize: '0.85rem', gridColumn: '1 / -1' }}>{t('profile.requiredNote')}</Typography>
      {FIELDS.map(({ name, required, numeric, autoComplete, wide }) => {
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
                maxLength: ADDRESS_MAX_LENGTHS[name],
                ...(numeric ? { inputMode: 'numeric', pattern: '[0-9]*', dir: 'ltr' } : {}),
                ...(name === 'phoneNumber' ? { inputMode: 'tel', dir: 'ltr' } : {}),
              },
            }}
            {...formField(register, errors, name)}
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
