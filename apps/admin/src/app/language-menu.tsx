import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LANGUAGES, rememberLanguage, toLanguage, type Language } from './language';

/**
 * The storefront's language menu (English, العربية): the choice is kept in the `i18next` cookie
 * and the page turns around at once (`<html dir>`, the theme, the Emotion cache).
 */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [params, setParams] = useSearchParams();
  const buttonId = useId();
  const menuId = useId();

  function choose(language: Language) {
    setAnchor(null);
    rememberLanguage(language);
    // A `?lng=` left in the address would pick the old language again on reload.
    if (params.has('lng')) {
      const next = new URLSearchParams(params);
      next.delete('lng');
      setParams(next, { replace: true });
    }
    if (language !== current) void i18n.changeLanguage(language);
  }

  return (
    <>
      <Button
        id={buttonId}
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={`${t('app.language')}: ${t(`languages.${current}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <span lang={current}>{t(`languages.${current}`)}</span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} lang={language} selected={language === current} onClick={() => choose(language)}>
            {t(`languages.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
