import type { Language } from '@dukkan/contracts/common';
import type { FlatNamespace, i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

import { toShopLanguage } from './direction';

export interface SharedT<N extends FlatNamespace> {
  t: TFunction<N>;
  lng: Language;
}

/** Per i18next instance (the server makes one per page), per language and namespace. */
const shared = new WeakMap<I18n, Map<string, SharedT<FlatNamespace>>>();

/**
 * The `t` of `ns` in the page's language, and the language, for a part a page draws many times
 * (a card's rating): one per i18next instance, language and namespace, shared by every part.
 * `useTranslation` copies the i18next instance's properties for each component as it first
 * renders (react-i18next's `createI18nWrapper`): a product page rendered on the server spent a
 * seventh of its time there, and a rating on each card added a tenth to its render. A part using
 * this renders with its parent, not on its own at a language switch: the pages fetch their data
 * per language, so their cards render again with it.
 */
export function useSharedT<N extends FlatNamespace>(ns: N): SharedT<N> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const lng = toShopLanguage(i18n.resolvedLanguage ?? i18n.language);
  let byKey = shared.get(i18n);
  if (!byKey) {
    byKey = new Map();
    shared.set(i18n, byKey);
  }
  const key = `${lng}:${ns}`;
  let found = byKey.get(key) as SharedT<N> | undefined;
  if (!found) {
    found = { t: i18n.getFixedT(lng, ns), lng };
    byKey.set(key, found);
  }
  return found;
}
