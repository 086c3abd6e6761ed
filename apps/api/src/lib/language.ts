import { DEFAULT_LANGUAGE, type Language } from '@dukkan/contracts/common';
import type { FastifyRequest } from 'fastify';

/** `ar`, `ar-EG`, `AR` → `ar`; anything else we don't speak → undefined. */
function normalise(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'ar' || primary === 'en' ? primary : undefined;
}

/**
 * The language to answer catalog text in: `?lng=`, then the `lng` header, then the `i18next`
 * cookie the storefront keeps (spec section 1), then English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  return (
    normalise(query?.lng) ??
    normalise(request.headers.lng) ??
    normalise(request.cookies?.i18next) ??
    DEFAULT_LANGUAGE
  );
}
