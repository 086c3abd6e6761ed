import { z } from 'zod';

/*
 * A form checks what it will send with the request's own schema, so the form and the API refuse
 * the same input by the same rules and bounds (issue #33). The contracts' messages are the API's,
 * in English: a form words each problem itself, in its screen's language.
 */

/** A request's schema, whose input is the body a form sends. */
export type Contract<Body> = z.ZodType<unknown, Body>;

/** A problem the contract found, as the form sees it. */
export interface FormProblem {
  /** The form's field it belongs to (`titleEn`, `units.<productId>`). */
  field: string;
  /** Zod's issue: its `code` (`too_small`, `too_big`, `invalid_format`, `custom`…) and bounds (`maximum`). */
  issue: z.core.$ZodIssue;
  /** What the field holds, as typed. */
  value: unknown;
}

/** A problem of the form's own, beyond the contract's (e.g. at most what is left to refund), already worded. */
export interface FormRule<Fields> {
  (fields: Fields): { field: string; message: string }[];
}

export interface FormCheck<Fields, Body> {
  /** The request's body the fields make. */
  bodyOf: (fields: Fields) => Body;
  /** The form's field of a path in the body (`title.en` → `titleEn`), or null when the form has none; by default the same path. */
  fieldOf?: (path: string) => string | null;
  /** What the form says of a problem. */
  wording: (problem: FormProblem) => string;
  /** Rules of the form's own, checked after the contract's. */
  rules?: FormRule<Fields>;
}

/** The value at a dotted path of the form's fields. */
function valueAt(fields: unknown, path: string): unknown {
  let value: unknown = fields;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A schema of a form's fields that checks them with `contract`: the fields become the body
 * (`bodyOf`), the contract checks it, and each problem goes to its field in the form's words.
 * The form's values are not changed (react-hook-form's resolver takes it with `raw: true`): the
 * form builds what it sends itself. A problem the form has no field for is left to the API, whose
 * answer the form shows: the form never refuses to send without saying why.
 */
export function formSchema<Fields, Body>(contract: Contract<Body>, check: FormCheck<Fields, Body>): z.ZodType<Fields, Fields> {
  return z.custom<Fields>().superRefine((fields, ctx) => {
    const result = contract.safeParse(check.bodyOf(fields));
    for (const issue of result.error?.issues ?? []) {
      const path = issue.path.map(String).join('.');
      const field = check.fieldOf ? check.fieldOf(path) : path;
      if (!field) continue;
      ctx.addIssue({ code: 'custom', path: field.split('.'), message: check.wording({ field, issue, value: valueAt(fields, field) }) });
    }
    for (const { field, message } of check.rules?.(fields) ?? []) ctx.addIssue({ code: 'custom', path: field.split('.'), message });
  });
}
