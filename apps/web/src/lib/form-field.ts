import { formSchema, type Contract, type FormCheck, type FormProblem } from '@dukkan/contracts/form-check';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Path, RegisterOptions, Resolver, UseFormRegister } from 'react-hook-form';

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

/**
 * A form's resolver: its fields are checked with the request's contract (`formSchema`), so the
 * form refuses what the API would, by the same rules and bounds, and `check` words each problem
 * in the page's language (the spec's messages). The values stay as typed: the form builds its
 * request itself.
 */
export function contractResolver<Fields extends FieldValues, Body>(contract: Contract<Body>, check: FormCheck<Fields, Body>): Resolver<Fields> {
  return zodResolver(formSchema(contract, check), undefined, { raw: true });
}

/** Whether the field of a problem holds nothing but spaces: the form says it is required. */
export function isBlank({ value }: FormProblem): boolean {
  return typeof value !== 'string' || value.trim() === '';
}
