import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';

import { SearchBox, searchQueryOf } from './search-box';

describe('searchQueryOf', () => {
  it('trims the text and ignores blank text', () => {
    expect(searchQueryOf('  milk ')).toBe('milk');
    expect(searchQueryOf('   ')).toBeNull();
    expect(searchQueryOf('')).toBeNull();
  });
});

describe('SearchBox', () => {
  it('has a labelled search field and a submit button', () => {
    renderWithProviders(<SearchBox />);
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('opens /search?q= with the trimmed text on submit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '  red apples  {Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?q=red%20apples');
  });

  it('submits with the button too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'tv');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/search?q=tv');
  });

  it('does nothing when the text is blank', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
