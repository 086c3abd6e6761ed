import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { visuallyHidden } from '../../lib/visually-hidden';

/** The text to search for, or `null` when there is nothing to search (blank after trimming). */
export function searchQueryOf(text: string): string | null {
  const query = text.trim();
  return query === '' ? null : query;
}

/**
 * The header search (spec section 2): submitting non-blank text opens `/search?q={text}`;
 * blank text does nothing.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const [text, setText] = useState(() =>
    location.pathname.toLowerCase() === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '',
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = searchQueryOf(text);
    if (query === null) return;
    void navigate(`/search?q=${encodeURIComponent(query)}`);
  }

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('header.searchLandmark')}
      onSubmit={handleSubmit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flex: 1,
        minWidth: 0,
        bgcolor: 'background.paper',
        borderRadius: 999,
        paddingInlineStart: 2,
        height: 44,
        boxShadow: '0 0 0 1px rgba(0,0,0,0.08)',
        '&:focus-within': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.secondary.main}` },
      }}
    >
      <label htmlFor={inputId} style={visuallyHidden}>
        {t('header.search')}
      </label>
      <InputBase
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        sx={{ flex: 1, minWidth: 0, color: 'text.primary', '& input::placeholder': { color: 'text.secondary', opacity: 1 } }}
      />
      <IconButton
        type="submit"
        sx={{
          m: 0.5,
          width: 36,
          height: 36,
          color: '#fff',
          backgroundColor: '#041e42',
          '&:hover': { backgroundColor: '#0b2f63' },
        }}
      >
        <SearchIcon fontSize="small" aria-hidden="true" />
        <span style={visuallyHidden}>{t('header.searchSubmit')}</span>
      </IconButton>
    </Box>
  );
}
