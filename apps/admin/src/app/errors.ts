import { errorCodeOf, type ErrorCode } from '@dukkan/contracts/errors';
import type { TFunction } from 'i18next';

/** What the back office shows of a failed call: the API's `{message, code, field}` and the status. */
export interface ApiFailure {
  status: number | null;
  message: string;
  code: ErrorCode | null;
  /**
   * The input a 400 refused, by its JSON path (the answer's `field`: `title.ar`), and what is wrong
   * with it: the message without the path it starts with (`title.ar: …`).
   */
  field: { path: string; message: string } | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The refused input of an answer that names one, with the message as said beside that input. */
function fieldOf(data: Record<string, unknown>, message: string): ApiFailure['field'] {
  if (typeof data.field !== 'string' || data.field === '') return null;
  const named = `${data.field}: `;
  return { path: data.field, message: message.startsWith(named) ? message.slice(named.length) : message };
}

/** Reads every kind of error RTK Query hands back (the API's answer `{status, data}`, a network failure, a thrown one). */
export function failureOf(error: unknown): ApiFailure {
  if (isRecord(error) && 'status' in error) {
    const status = typeof error.status === 'number' ? error.status : null;
    const data = isRecord(error.data) ? error.data : {};
    const message = typeof data.message === 'string' ? data.message : '';
    return { status, message, code: errorCodeOf(data), field: fieldOf(data, message) };
  }
  const message = isRecord(error) && typeof error.message === 'string' ? error.message : '';
  return { status: null, message, code: null, field: null };
}

/** A failed query as the back office says it: the API's own words, or that the network failed. */
export function failureText(t: TFunction, error: unknown): string {
  return t('app.error', { message: failureOf(error).message || t('app.networkError') });
}
