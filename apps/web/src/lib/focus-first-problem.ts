import type { BaseSyntheticEvent } from 'react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/**
 * A form's invalid handler (`handleSubmit(onSubmit, focusFirstProblem)`, with `useForm`'s
 * `shouldFocusError: false`): as a submit is refused, it focuses the first field with a problem,
 * in the form's order, once — in the submit's own task.
 *
 * react-hook-form's own focus (`shouldFocusError`, on by default) focuses that field and again a
 * task later; on a busy device the second focus can come after the shopper has moved to another
 * field, and what they type then goes into the field with the problem. Its `setFocus` waits a
 * task too, so it is no cure: the field is found in the submitted form itself.
 */
export function focusFirstProblem<Fields extends FieldValues>(problems: FieldErrors<Fields>, event?: BaseSyntheticEvent): void {
  const form: unknown = event?.target;
  if (!(form instanceof HTMLFormElement)) return;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (element.name !== '' && !element.disabled && get(problems, element.name) !== undefined) {
      element.focus();
      return;
    }
  }
}
