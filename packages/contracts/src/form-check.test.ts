import { describe, expect, it } from 'vitest';

import { CancelOrderBodySchema } from './admin-orders';
import { CreateProductBodySchema } from './admin-products';
import { formSchema, type FormProblem } from './form-check';

/** Words a problem as `field: code (value)`, so a test sees what the form was told. */
const says = ({ field, issue, value }: FormProblem) => `${field}: ${issue.code} (${String(value)})`;

function problemsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('formSchema', () => {
  it('checks the body the fields make with the contract, and keeps the fields as they are', () => {
    const schema = formSchema(CancelOrderBodySchema, { bodyOf: (fields: { reason: string }) => fields, wording: says });
    expect(schema.safeParse({ reason: '  Out of stock  ' })).toEqual({ success: true, data: { reason: '  Out of stock  ' } });
    expect(problemsOf(schema.safeParse({ reason: '   ' }))).toEqual([['reason', 'reason: too_small (   )']]);
    expect(problemsOf(schema.safeParse({ reason: 'x'.repeat(501) }))).toEqual([['reason', `reason: too_big (${'x'.repeat(501)})`]]);
  });

  it('gives the wording zod’s issue, with its bounds', () => {
    const schema = formSchema(CancelOrderBodySchema, {
      bodyOf: (fields: { reason: string }) => fields,
      wording: ({ issue }) => (issue.code === 'too_big' ? `at most ${String(issue.maximum)}` : 'required'),
    });
    expect(problemsOf(schema.safeParse({ reason: 'x'.repeat(501) }))).toEqual([['reason', 'at most 500']]);
  });

  it('puts a problem of the body on the form’s field, and leaves one the form has no field for to the API', () => {
    const fields = { titleEn: '', price: '4.505' };
    const schema = formSchema(CreateProductBodySchema, {
      bodyOf: (form: typeof fields) => ({
        title: { en: form.titleEn, ar: 'تفاح' },
        description: { en: 'Apples', ar: 'تفاح' },
        brand: { en: 'Farm', ar: 'مزرعة' },
        category: 'Grocery',
        price: Number(form.price),
        quantity: 1,
        status: 'draft' as const,
      }),
      fieldOf: (path) => ({ 'title.en': 'titleEn', price: 'price' })[path] ?? null,
      wording: says,
    });
    expect(problemsOf(schema.safeParse(fields))).toEqual([
      ['titleEn', 'titleEn: too_small ()'],
      ['price', 'price: custom (4.505)'],
    ]);
    const unplaced = formSchema(CancelOrderBodySchema, { bodyOf: () => ({ reason: '' }), fieldOf: () => null, wording: () => 'Required' });
    expect(unplaced.safeParse({}).success).toBe(true);
  });

  it('adds the form’s own rules after the contract’s', () => {
    const schema = formSchema(CancelOrderBodySchema, {
      bodyOf: (fields: { reason: string; units: Record<string, string> }) => ({ reason: fields.reason }),
      wording: () => 'Required',
      rules: (fields) => Object.entries(fields.units).flatMap(([id, units]) => (units === 'x' ? [{ field: `units.${id}`, message: 'A whole number' }] : [])),
    });
    expect(problemsOf(schema.safeParse({ reason: '', units: { a1: 'x', b2: '1' } }))).toEqual([
      ['reason', 'Required'],
      ['units.a1', 'A whole number'],
    ]);
  });
});
