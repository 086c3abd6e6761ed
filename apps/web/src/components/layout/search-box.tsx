import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Icon } from '../icons';

/** Suggestions are asked for once typing pauses this long (ms)... */
export const SUGGEST_DEBOUNCE_MS = 200;
/** ...and only for at least this many characters. */
export const SUGGEST_MIN_LENGTH = 2;

/** Where the search form goes without scripts (a GET form, its field `q`): the server renders the results. */
export const SEARCH_PATH = '/search';

/**
 * What the field must match to be sent: a character that is not a space. The browser then keeps a
 * blank search from being sent even before (or without) the page's scripts (spec section 5).
 */
export const SEARCH_PATTERN = '.*\\S.*';

/** The text to search for, or `null` when there is nothing to search (blank after trimming). */
export function searchQueryOf(text: string): string | null {
  const query = text.trim();
  return query === '' ? null : query;
}

/** What to ask suggestions for: the trimmed text when it is long enough, else '' (ask nothing). */
export function suggestQueryOf(text: string): string {
  const query = searchQueryOf(text) ?? '';
  return query.length >= SUGGEST_MIN_LENGTH ? query : '';
}

/**
 * The highlighted suggestion after ArrowDown / ArrowUp (-1: none, the text itself). Down from the
 * text goes to the first, up from it to the last; both wrap around the list.
 */
export function highlightAfterKey(key: 'ArrowDown' | 'ArrowUp', highlighted: number, count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return highlighted < 0 ? 0 : (highlighted + 1) % count;
  return highlighted <= 0 ? count - 1 : highlighted - 1;
}

export interface SearchSuggestionItem {
  _id: string;
  title: string;
}

export interface SearchBoxProps {
  /** Suggestions for the query last passed to `onQueryChange`. */
  suggestions?: readonly SearchSuggestionItem[];
  /** Told the query to suggest for once typing pauses ('' when the text is too short). */
  onQueryChange?: (query: string) => void;
}

/**
 * The header search (spec section 2): submitting non-blank text opens `/search?q={text}`;
 * blank text does nothing. As the shopper types, suggestions appear under it (the ARIA 1.2
 * combobox pattern): ArrowDown / ArrowUp move through them, Enter on one opens that product,
 * Enter with none highlighted searches, Escape closes the list.
 */
export function SearchBox({ suggestions = [], onQueryChange }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() =>
    location.pathname.toLowerCase() === SEARCH_PATH ? (new URLSearchParams(location.search).get('q') ?? '') : '',
  );
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const query = useDebouncedValue(suggestQueryOf(text), SUGGEST_DEBOUNCE_MS);

  useEffect(() => {
    onQueryChange?.(query);
  }, [query, onQueryChange]);

  // Text typed before this part hydrated is in the field, not in the state: the state takes it
  // over, or the next render would empty the field.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed === undefined || typed === text) return;
    setText(typed);
    // Still typing: the suggestions open as they would have.
    if (document.activeElement === input.current) setOpen(true);
    // Once, as the box goes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const expanded = open && suggestQueryOf(text) !== '' && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function close() {
    setOpen(false);
    setHighlighted(-1);
  }

  function choose(suggestion: SearchSuggestionItem) {
    close();
    void navigate(storefrontPaths.product(suggestion._id));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    close();
    // The field's own text: typed before this part went live, it is in the field before the
    // effect above hands it to the state, and Enter in that moment must still search it.
    const searchText = searchQueryOf(input.current?.value ?? text);
    if (searchText === null) return;
    void navigate(storefrontPaths.search(searchText));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setHighlighted(-1);
        if (event.key === 'ArrowUp') return;
      }
      setHighlighted((current) => highlightAfterKey(event.key as 'ArrowDown' | 'ArrowUp', current, suggestions.length));
    } else if (event.key === 'Enter' && expanded && highlighted >= 0) {
      const suggestion = suggestions[highlighted];
      if (!suggestion) return;
      event.preventDefault();
      choose(suggestion);
    } else if (event.key === 'Escape' && expanded) {
      // Closing the list must not also clear the text (what Escape does in a search field).
      event.preventDefault();
      close();
    }
  }

  return (
    <form
      className="dk-search"
      role="search"
      aria-label={t('header.searchLandmark')}
      // Without scripts (or before they run) the browser sends the form to the server's results.
      action={SEARCH_PATH}
      method="get"
      onSubmit={handleSubmit}
    >
      <label htmlFor={inputId} className="dk-visually-hidden">
        {t('header.search')}
      </label>
      <input
        id={inputId}
        ref={input}
        className="dk-search__input"
        type="search"
        name="q"
        required
        pattern={SEARCH_PATTERN}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setHighlighted(-1);
        }}
        onKeyDown={handleKeyDown}
        onBlur={close}
        placeholder={t('header.searchPlaceholder')}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && highlighted >= 0 ? optionId(highlighted) : undefined}
      />
      <button type="submit" className="dk-search__submit">
        <Icon name="search" small />
        <span className="dk-visually-hidden">{t('header.searchSubmit')}</span>
      </button>
      <ul id={listId} className="dk-search__list" role="listbox" aria-label={t('header.suggestions')} hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion._id}
            id={optionId(index)}
            className="dk-search__option"
            role="option"
            aria-selected={index === highlighted}
            // Keep focus in the field: the click chooses, the blur would close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
            onMouseEnter={() => setHighlighted(index)}
          >
            <Icon name="search" small />
            <span className="dk-search__option-text">{suggestion.title}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
