import type { Language } from '@dukkan/contracts/common';
import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toShopLanguage } from '../../lib/direction';

const loadMenuList = () => import('./language-menu-list');
const LanguageMenuList = lazy(loadMenuList);

/**
 * The header's language menu (English, العربية). Choosing a language makes i18next load its
 * translations, store it in the `i18next` cookie and switch `<html lang dir>`; catalog queries
 * take the language as an argument, so they fetch the data in the new language.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = toShopLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();

  function choose(language: Language) {
    setAnchor(null);
    if (language !== current) void i18n.changeLanguage(language);
  }

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={t('header.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        startIcon={<LanguageIcon aria-hidden="true" />}
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { mx: { xs: 0, sm: 0.5 } } }}
      >
        <Box component="span" lang={current} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t(`languages.${current}`)}
        </Box>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={menuId}
            labelledBy={buttonId}
            anchor={anchor}
            current={current}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
