import type { Language } from '@dukkan/contracts/common';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

import { MuiScope } from '../mui/mui-scope';

const LANGUAGES: readonly Language[] = ['en', 'ar'];

export interface LanguageMenuListProps {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  current: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The open language menu, loaded on first use like the categories menu. */
export default function LanguageMenuList({ id, labelledBy, anchor, current, onChoose, onClose }: LanguageMenuListProps) {
  const { t } = useTranslation();
  return (
    // MUI's theme comes with the menu (components/mui/mui-scope.tsx): the header itself is plain elements.
    <MuiScope>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ list: { 'aria-labelledby': labelledBy } }}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} lang={language} selected={language === current} onClick={() => onChoose(language)}>
            <ListItemIcon>{language === current ? <CheckIcon fontSize="small" aria-hidden="true" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </MuiScope>
  );
}
