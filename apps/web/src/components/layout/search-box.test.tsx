import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render';

import { highlightAfterKey, SearchBox, type SearchSuggestionItem, searchQueryOf, SUGGEST_DEBOUNCE_MS, suggestQueryOf } from './search-box';

describe('searchQueryOf', () => {
  it('trims the text and ignores blank text', () => {
    expect(searchQueryOf('  milk ')).toBe('milk');
    expect(searchQueryOf('   ')).toBeNull();
    expect(searchQueryOf('')).toBeNull();
  });
});

describe('suggestQueryOf', () => {
  it('asks for suggestions from two characters, trimmed', () => {
    expect(suggestQueryOf(' t ')).toBe('');
    expect(suggestQueryOf('tv')).toBe('tv');
    expect(suggestQueryOf('  iph ')).toBe('iph');
  });
});

describe('highlightAfterKey', () => {
  it('goes down from the text to the first suggestion, then on, wrapping at the end', () => {
    expect(highlightAfterKey('ArrowDown', -1, 3)).toBe(0);
    expect(highlightAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(highlightAfterKey('ArrowDown', 2, 3)).toBe(0);
  });

  it('goes up from the text to the last suggestion, then back, wrapping at the start', () => {
    expect(highlightAfterKey('ArrowUp', -1, 3)).toBe(2);
    expect(highlightAfterKey('ArrowUp', 2, 3)).toBe(1);
    expect(highlightAfterKey('ArrowUp', 0, 3)).toBe(2);
  });

  it('highlights nothing when there are no suggestions', () => {
    expect(highlightAfterKey('ArrowDown', -1, 0)).toBe(-1);
    expect(highlightAfterKey('ArrowUp', -1, 0)).toBe(-1);
  });
});

describe('SearchBox', () => {
  it('has a labelled search combobox and a submit button', () => {
    renderWithProviders(<SearchBox />);
    expect(screen.getByRole('search')).toBeInTheDocument();
    const field = within(screen.getByRole('search')).getByRole('combobox', { name: 'Search' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('opens /search?q= with the trimmed text on submit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), '  red apples  {Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?q=red%20apples');
  });

  it('submits with the button too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'tv');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?q=tv');
  });

  it('searches the text in the field even before its state has it (typed before the box went live)', async () => {
    renderWithProviders(<SearchBox />);
    const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search' });
    // As the server's field holds what was typed before hydration: in the element, not in the state.
    field.value = 'lamp';
    field.form?.requestSubmit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?q=lamp');
  });

  it('does nothing when the text is blank', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});

const SUGGESTIONS: SearchSuggestionItem[] = [
  { _id: 's1', title: 'Apple iPhone 15' },
  { _id: 's2', title: 'Apple iPad Air' },
  { _id: 's3', title: 'Apple Watch' },
];

/** The box wired like the header's: suggestions for whatever query it last reported. */
function SuggestingBox({ onQuery }: { onQuery: (query: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <SearchBox
      suggestions={query === '' ? [] : SUGGESTIONS}
      onQueryChange={(next) => {
        onQuery(next);
        setQuery(next);
      }}
    />
  );
}

describe('SearchBox suggestions', () => {
  it('asks once typing pauses, from two characters, and lists the suggestions', async () => {
    const user = userEvent.setup();
    const onQuery = vi.fn();
    renderWithProviders(<SuggestingBox onQuery={onQuery} />);
    const field = screen.getByRole('combobox', { name: 'Search' });

    await user.type(field, 'a');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 50));
    expect(onQuery).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(field, 'pp');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(onQuery).toHaveBeenLastCalledWith('app');
    // Typed quickly, "ap" was never asked for.
    expect(onQuery).not.toHaveBeenCalledWith('ap');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(SUGGESTIONS.map((s) => s.title));
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
  });

  it('moves with ArrowDown / ArrowUp and opens the highlighted product with Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SuggestingBox onQuery={vi.fn()} />);
    const field = screen.getByRole('combobox', { name: 'Search' });
    await user.type(field, 'apple');
    const options = await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/details/s3');
  });

  it('searches the text with Enter when no suggestion is highlighted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SuggestingBox onQuery={vi.fn()} />);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'apple');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?q=apple');
  });

  it('closes the list with Escape, keeping the text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SuggestingBox onQuery={vi.fn()} />);
    const field = screen.getByRole('combobox', { name: 'Search' });
    await user.type(field, 'apple');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(field).toHaveValue('apple');
    // ArrowDown opens it again.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('opens a product when its suggestion is clicked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SuggestingBox onQuery={vi.fn()} />);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'apple');
    await user.click(await screen.findByRole('option', { name: 'Apple iPad Air' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/details/s2');
  });

  it('hides the list when the field loses focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SuggestingBox onQuery={vi.fn()} />);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'apple');
    await screen.findByRole('listbox');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });
});
