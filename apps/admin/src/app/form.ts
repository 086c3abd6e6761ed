import { formSchema, type Contract, type FormCheck, type FormProblem } from '@dukkan/contracts/form-check';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** The props a MUI TextField takes from a react-hook-form field's error: red, described, announced. */
export function errorProps(error: FieldError | undefined) {
  return { error: Boolean(error), helperText: error?.message };
}

/**
 * A form's resolver: its fields are checked with the request's contract (`formSchema`), so the
 * form refuses what the API would, by the same rules and bounds. The values stay as typed: the
 * form builds its request itself.
 */
export function contractResolver<Fields extends FieldValues, Body>(contract: Contract<Body>, check: FormCheck<Fields, Body>): Resolver<Fields> {
  return zodResolver(formSchema(contract, check), undefined, { raw: true });
}

/** What a field's problem is called: a text, or words of its own for any problem but a blank or over-long text. */
type Words = Partial<Record<string, string | ((problem: FormProblem) => string)>>;

/**
 * How the back office words a problem the contract found (`words` by field): a field's own
 * function says everything; otherwise a blank field is 'Required', a text over its bound 'At most
 * N characters', and anything else the field's own words ('Enter a valid email address'), or
 * 'Required'.
 */
export function wordingOf(t: TFunction, words: Words = {}): (problem: FormProblem) => string {
  return (problem) => {
    const own = words[problem.field];
    if (typeof own === 'function') return own(problem);
    if (typeof problem.value === 'string' && problem.value.trim() === '') return t('validation.required');
    const { issue } = problem;
    if (issue.code === 'too_big' && issue.origin === 'string') return t('validation.tooLong', { count: Number(issue.maximum) });
    return own ?? t('validation.required');
  };
}
