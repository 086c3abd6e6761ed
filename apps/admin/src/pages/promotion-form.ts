import { valueProblem, type CreatePromotionBody, type Promotion, type PromotionKind, type UpdatePromotionBody } from '@dukkan/contracts/admin-promotions';
import { formatPrice } from '@dukkan/contracts/format';

/** The promotion editor's fields: the inputs' strings (dates as `datetime-local` values), turned into the API's body on save. */
export interface PromotionFields {
  nameEn: string;
  nameAr: string;
  code: string;
  kind: PromotionKind;
  value: string;
  /** Department names, as `GET /api/categories/` answers them. */
  departments: string[];
  /** Product ids. */
  products: string[];
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  active: boolean;
}
export type PromotionFieldName = keyof PromotionFields;

export const EMPTY_PROMOTION: PromotionFields = {
  nameEn: '',
  nameAr: '',
  code: '',
  kind: 'percent',
  value: '',
  departments: [],
  products: [],
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  active: true,
};

/**
 * The time zone the editor's dates and times are in: the browser's, as every time the back office
 * shows (`formatDateTime`); the shop keeps no time zone of its own. Shown beside the fields.
 */
export function editorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input's value in `editorTimeZone()`: `2026-12-24T09:00` ('' for none). */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time (null when empty); text that is no date and time is kept, for the contract to refuse. */
export function isoOfLocalInput(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed)) return trimmed;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
}

/** An amount typed as plain decimal digits (`12`, `12.50`), else NaN. */
function decimalOf(text: string): number {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A whole number typed as digits (null when empty), else NaN. */
function limitOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function fieldsOf(promotion: Promotion): PromotionFields {
  return {
    nameEn: promotion.name.en,
    nameAr: promotion.name.ar,
    code: promotion.code ?? '',
    kind: promotion.kind,
    value: promotion.kind === 'percent' ? String(promotion.value) : promotion.value.toFixed(2),
    departments: promotion.departments,
    products: promotion.products,
    minSubtotal: promotion.minSubtotal === 0 ? '' : promotion.minSubtotal.toFixed(2),
    startsAt: localInputOf(promotion.startsAt),
    endsAt: localInputOf(promotion.endsAt),
    usageLimit: promotion.usageLimit === null ? '' : String(promotion.usageLimit),
    perCustomerLimit: promotion.perCustomerLimit === null ? '' : String(promotion.perCustomerLimit),
    active: promotion.active,
  };
}

/** The POST's body: every field, an empty code as null (an automatic promotion), dollars as numbers, dates as ISO times. */
export function createBodyOf(fields: PromotionFields): CreatePromotionBody {
  const code = fields.code.trim();
  return {
    name: { en: fields.nameEn.trim(), ar: fields.nameAr.trim() },
    code: code === '' ? null : code,
    kind: fields.kind,
    value: decimalOf(fields.value),
    departments: fields.departments,
    products: fields.products,
    minSubtotal: fields.minSubtotal.trim() === '' ? 0 : decimalOf(fields.minSubtotal),
    startsAt: isoOfLocalInput(fields.startsAt),
    endsAt: isoOfLocalInput(fields.endsAt),
    usageLimit: limitOf(fields.usageLimit),
    perCustomerLimit: limitOf(fields.perCustomerLimit),
    active: fields.active,
  };
}

/** The contract's word for a percent out of its range (`valueProblem`): the one problem of a percent's value. */
export const PERCENT_PROBLEM = valueProblem('percent', 0);

/**
 * The fields as the editor checks them with the contract: a value that is no number is checked as
 * -1, so the contract's problem is its kind's own (a percent from 1 to 100, an amount above 0)
 * and the other fields are checked with it.
 */
export function checkedBodyOf(fields: PromotionFields): CreatePromotionBody {
  const body = createBodyOf(fields);
  return { ...body, value: Number.isNaN(body.value) ? -1 : body.value };
}

/**
 * The PATCH of an edit: only the fields that changed from the stored promotion, so an unchanged
 * code and kind are never sent (they cannot change once an order used the promotion).
 */
export function updateBodyOf(fields: PromotionFields, stored: Promotion): UpdatePromotionBody {
  const next = createBodyOf(fields);
  const before = createBodyOf(fieldsOf(stored));
  const changed = (Object.keys(next) as (keyof CreatePromotionBody)[]).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(before[key]));
  return Object.fromEntries(changed.map((key) => [key, next[key]]));
}

/** The editor's field for a JSON path the API names in a 400, or the contract in a problem (`name.ar` → `nameAr`, `products.3` → `products`). */
export function fieldOfPath(path: string): PromotionFieldName | null {
  const [head = '', sub] = path.split('.');
  if (head === 'name') return sub === 'ar' ? 'nameAr' : 'nameEn';
  const fields: readonly PromotionFieldName[] = ['code', 'kind', 'value', 'departments', 'products', 'minSubtotal', 'startsAt', 'endsAt', 'usageLimit', 'perCustomerLimit', 'active'];
  return fields.find((field) => field === head) ?? null;
}

/** What a promotion takes off, the same in both languages (Latin digits, as every number of the shop): `10%`, `$5.00`. */
export function discountText(promotion: Pick<Promotion, 'kind' | 'value'>): string {
  return promotion.kind === 'percent' ? `${promotion.value}%` : formatPrice(promotion.value);
}

/** Its uses, with the cap when it has one: `12 / 50`. */
export function usesText(promotion: Pick<Promotion, 'uses' | 'usageLimit'>): string {
  return promotion.usageLimit === null ? String(promotion.uses) : `${promotion.uses} / ${promotion.usageLimit}`;
}
