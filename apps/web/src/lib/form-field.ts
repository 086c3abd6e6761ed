import type { FieldErrors, FieldValues, Path, RegisterOptions, UseFormRegister } from 'react-hook-form';

/**
 * Props that wire a MUI `TextField` to react-hook-form: the input's ref, its handlers, and the
 * field's error as helper text. MUI links the helper text to the input with aria-describedby and
 * sets aria-invalid, so a screen reader announces the error with the field; pass an `id`.
 */
export function formField<T extends FieldValues, N extends Path<T>>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: N,
  options?: RegisterOptions<T, N>,
) {
  const { ref, ...handlers } = register(name, options);
  const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
  const text = typeof message === 'string' && message !== '' ? message : undefined;
  return { ...handlers, inputRef: ref, error: text !== undefined, helperText: text };
}
