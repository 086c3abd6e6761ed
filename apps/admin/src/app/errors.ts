import type { TFunction } from 'i18next';

/** What the back office shows of a failed call: the API's `{message, code}` and the status. */
export interface ApiFailure {
  status: number | null;
  message: string;
  code: string | null;
  /** `title.ar: ...` → `{ 'title.ar': '...' }`: the field a 400 names by its JSON path. */
  field: { path: string; message: string } | null;
}

const FIELD_PATH = /^([A-Za-z_]\w*(?:\.\w+)*):\s*(.+)$/s;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads every kind of error RTK Query hands back (the API's answer `{status, data}`, a network failure, a thrown one). */
export function failureOf(error: unknown): ApiFailure {
  if (isRecord(error) && 'status' in error) {
    const status = typeof error.status === 'number' ? error.status : null;
    const data = error.data;
    const message = isRecord(data) && typeof data.message === 'string' ? data.message : '';
    const code = isRecord(data) && typeof data.code === 'string' ? data.code : null;
    const match = status === 400 ? FIELD_PATH.exec(message) : null;
    return { status, message, code, field: match?.[1] && match[2] ? { path: match[1], message: match[2] } : null };
  }
  const message = isRecord(error) && typeof error.message === 'string' ? error.message : '';
  return { status: null, message, code: null, field: null };
}

/** A failed query as the back office says it: the API's own words, or that the network failed. */
export function failureText(t: TFunction, error: unknown): string {
  return t('app.error', { message: failureOf(error).message || t('app.networkError') });
}
