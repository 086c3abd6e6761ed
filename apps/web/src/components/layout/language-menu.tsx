import type { Language } from '@dukkan/contracts/common';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { toShopLanguage } from '../../lib/direction';
import { switchLanguage } from '../../lib/switch-language';
import { Icon } from '../icons';

import { useMenuButton } from './use-menu-button';

const loadMenuList = () => import('./language-menu-list');
const LanguageMenuList = lazy(loadMenuList);

/**
 * The header's language menu (English, العربية). Choosing a language makes i18next load its
 * translations, store it in the `i18next` cookie and switch `<html lang dir>`; catalog queries
 * take the language as an argument, so they fetch the data in the new language. A page with
 * parts not yet hydrated is rendered again by the server instead (lib/switch-language.ts).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = toShopLanguage(i18n.resolvedLanguage ?? i18n.language);
  const menu = useMenuButton(loadMenuList);

  function choose(language: Language) {
    menu.close();
    if (language !== current) void switchLanguage(i18n, language);
  }

  return (
    <>
      <button type="button" {...menu.buttonProps} className="dk-header-button" aria-label={t('header.language')}>
        <Icon name="language" />
        <span lang={current} className="dk-header-button__label--sm">
          {t(`languages.${current}`)}
        </span>
      </button>
      {menu.used ? (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={menu.menuId}
            labelledBy={menu.buttonId}
            anchor={menu.anchor}
            current={current}
            onChoose={choose}
            onClose={menu.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
