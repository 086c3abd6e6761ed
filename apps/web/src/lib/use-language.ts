import type { Language } from '@dukkan/contracts/common';
import { useTranslation } from 'react-i18next';

import { toShopLanguage } from './direction';

/**
 * The shop language the page is shown in. Catalog queries take it as an argument, so the
 * RTK Query cache keeps English and Arabic answers apart and a language switch re-fetches.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toShopLanguage(i18n.resolvedLanguage ?? i18n.language);
}
