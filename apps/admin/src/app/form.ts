import type { FieldError } from 'react-hook-form';

/** The props a MUI TextField takes from a react-hook-form field's error: red, described, announced. */
export function errorProps(error: FieldError | undefined) {
  return { error: Boolean(error), helperText: error?.message };
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 12;
