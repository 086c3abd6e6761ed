import type { Language } from '@dukkan/contracts/common';
import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { toShopLanguage } from '../../lib/direction';
import { switchLanguage } from '../../lib/switch-language';

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
    if (language !== current) switchLanguage(i18n, language);
  }

  return (
    <>
      <Button
        {...menu.buttonProps}
        color="inherit"
        aria-label={t('header.language')}
        startIcon={<LanguageIcon aria-hidden="true" />}
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { mx: { xs: 0, sm: 0.5 } } }}
      >
        <Box component="span" lang={current} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t(`languages.${current}`)}
        </Box>
      </Button>
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
