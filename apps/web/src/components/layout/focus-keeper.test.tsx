import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { useDocumentTitle } from '../../lib/use-document-title';

import { FocusKeeper } from './focus-keeper';

/** A page: its title, its heading (after `delay` ms, as a page that waits for its data), and a way on. */
function Page({ title, delay = 0, autofocus = false }: { title: string; delay?: number; autofocus?: boolean }) {
  useDocumentTitle(`${title} | Dukkan`);
  const [shown, setShown] = useState(delay === 0);
  useEffect(() => {
    if (delay === 0) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <>
      {shown ? <h1>{title}</h1> : <p>Loading…</p>}
      <Link to="/search?q=tea">Search for tea</Link>
      {autofocus ? <input aria-label="Email" ref={(input) => input?.focus()} /> : null}
    </>
  );
}

function Layout({ name }: { name: string }) {
  return (
    <>
      <FocusKeeper />
      <header>
        <a href="#main">Skip to main content</a>
        <Link to="/next">Next</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/sign-in">Sign in</Link>
        <Link to="/lazy">Lazy</Link>
        <button type="button">{`${name} menu`}</button>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout name="Shop" />,
    children: [
      { path: '/', element: <Page title="Home" /> },
      { path: '/next', element: <Page title="Next page" /> },
      { path: '/slow', element: <Page title="Slow page" delay={150} /> },
      { path: '/search', element: <Page title="Results" /> },
      {
        path: '/aisle',
        element: (
          <>
            <Page title="Aisle" />
            <section id="all-products" aria-label="All products" />
          </>
        ),
      },
      {
        path: '/lazy',
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { Component: () => <Page title="Lazy page" /> };
        },
      },
    ],
  },
  {
    element: <Layout name="Account" />,
    children: [
      { path: '/sign-in', element: <Page title="Sign in" /> },
      { path: '/form', element: <Page title="Form" autofocus /> },
    ],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The live region's words, found by them. */
async function expectAnnounced(text: string) {
  const region = await screen.findByText(text);
  expect(region).toHaveAttribute('aria-live', 'polite');
}

describe('FocusKeeper', () => {
  it('leaves the focus alone on the first load, and announces nothing', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).not.toHaveFocus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.body).toHaveFocus();
    expect(screen.queryByText('Home | Dukkan')).not.toBeInTheDocument();
  });

  it('moves the focus to the new page’s heading after a page change, and says its title', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const next = screen.getByRole('link', { name: 'Next' });
    next.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Next page' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Out of the Tab order: only the script focuses it.
    expect(heading).toHaveAttribute('tabindex', '-1');
    await expectAnnounced('Next page | Dukkan');
  });

  it('moves it on a change of the query alone (a new search), to the same heading', async () => {
    const router = renderAt('/next');
    await screen.findByRole('heading', { level: 1, name: 'Next page' });
    screen.getByRole('link', { name: 'Next' }).focus();
    await act(() => router.navigate('/search?q=tea'));
    const heading = screen.getByRole('heading', { level: 1, name: 'Results' });
    await waitFor(() => expect(heading).toHaveFocus());
    screen.getByRole('link', { name: 'Next' }).focus();
    await act(() => router.navigate('/search?q=coffee'));
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the focus on a control in <main> that stays across the change, and says the title', async () => {
    const user = userEvent.setup();
    renderAt('/next');
    const link = await screen.findByRole('link', { name: 'Search for tea' });
    await user.click(link);
    await expectAnnounced('Results | Dukkan');
    expect(screen.getByRole('heading', { level: 1, name: 'Results' })).toBeInTheDocument();
    expect(link).toHaveFocus();
  });

  it('waits for a heading that comes later, and for a page that loads lazily', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).toHaveFocus());
    await expectAnnounced('Slow page | Dukkan');

    await user.click(screen.getByRole('link', { name: 'Lazy' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Lazy page' })).toHaveFocus());
    await expectAnnounced('Lazy page | Dukkan');
  });

  it('moves it when the page belongs to the other layout (mounted afresh), and when going back', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus());
    await expectAnnounced('Home | Dukkan');
  });

  it('leaves the focus where the page put it, and where the shopper took it meanwhile', async () => {
    const user = userEvent.setup();
    const router = renderAt('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await act(() => router.navigate('/form'));
    await expectAnnounced('Form | Dukkan');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();

    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    const menu = screen.getByRole('button', { name: 'Shop menu' });
    menu.focus();
    await screen.findByRole('heading', { level: 1, name: 'Slow page' });
    await expectAnnounced('Slow page | Dukkan');
    expect(menu).toHaveFocus();
  });

  it('moves it to the place a #hash names instead, without scrolling away from it, and says the title', async () => {
    const router = renderAt('/aisle');
    await screen.findByRole('heading', { level: 1, name: 'Aisle' });
    const list = screen.getByRole('region', { name: 'All products' });
    const focus = vi.spyOn(list, 'focus');
    await act(() => router.navigate('/aisle?subcategory=tea#all-products'));
    await waitFor(() => expect(list).toHaveFocus());
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(list).toHaveAttribute('tabindex', '-1');
    await expectAnnounced('Aisle | Dukkan');
  });

  it('does nothing when only the #hash changes: the skip link keeps its own way', async () => {
    const router = renderAt('/next');
    await screen.findByRole('heading', { level: 1, name: 'Next page' });
    const main = screen.getByRole('main');
    main.focus();
    await act(() => router.navigate('/next#main'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(main).toHaveFocus();
    expect(screen.queryByText('Next page | Dukkan')).not.toBeInTheDocument();
  });

  it('gives the focus back to a control that lost it by being disabled while it worked, once it is enabled', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const button = screen.getByRole('button', { name: 'Shop menu' });
    button.focus();
    // What a browser does to a focused control that becomes disabled: the focus falls to the page
    // (jsdom keeps it there, and blurs no disabled element: so blur first).
    button.blur();
    button.setAttribute('disabled', '');
    expect(document.body).toHaveFocus();
    button.removeAttribute('disabled');
    await waitFor(() => expect(button).toHaveFocus());

    // Not when the shopper has gone on meanwhile.
    button.blur();
    button.setAttribute('disabled', '');
    const next = screen.getByRole('link', { name: 'Next' });
    next.focus();
    button.removeAttribute('disabled');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(next).toHaveFocus();
  });
});
