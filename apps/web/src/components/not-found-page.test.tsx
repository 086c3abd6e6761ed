import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';

import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says the page could not be found, as its only h1', () => {
    renderWithProviders(<NotFoundPage />, { path: '/nowhere' });
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Uh-oh... This page could not be found.');
  });

  it('"Return to Home" goes to /', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotFoundPage />, { path: '/nowhere' });
    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('is a page of its own (with <main>) when standalone', () => {
    renderWithProviders(<NotFoundPage standalone />, { path: '/nowhere' });
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('speaks Arabic when the shop does', async () => {
    await changeLanguage('ar');
    renderWithProviders(<NotFoundPage />, { path: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('عذراً... تعذّر العثور على هذه الصفحة.');
    expect(screen.getByRole('button', { name: 'العودة إلى الرئيسية' })).toBeInTheDocument();
  });
});
