import type { FieldError } from 'react-hook-form';

/** The props a MUI TextField takes from a react-hook-form field's error: red, described, announced. */
export function errorProps(error: FieldError | undefined) {
  return { error: Boolean(error), helperText: error?.message };
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 12;

/** react-hook-form's rules of a new staff password (the setup and reset screens): required, at least 12 characters; the API refuses common ones. */
export function newPasswordRules(messages: { required: string; tooShort: string }) {
  return { required: messages.required, minLength: { value: PASSWORD_MIN, message: messages.tooShort } };
}

/** react-hook-form's rules of an email field: required, and the shop's email pattern. */
export function emailRules(messages: { required: string; invalid: string }) {
  return { required: messages.required, pattern: { value: EMAIL, message: messages.invalid } };
}
