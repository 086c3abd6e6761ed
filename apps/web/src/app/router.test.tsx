import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { API, answerWith, categoriesAnswer, categoryProductsAnswer, ordersAnswer, productAnswer, userAnswer } from '../test/api-server';
import { category, product, productPage, shopper, SHOPPER_ID, signInShopper } from '../test/fixtures';
import { renderApp } from '../test/render';

import { handleOf } from './route-handle';
import { createAppRouter, numberHistoryEntry, routes } from './router';

const categories = [category('Grocery', 'Grocery', 1), category('electronics', 'Electronics', 2)];

function mockCatalog() {
  return answerWith(
    categoriesAnswer(categories),
    categoryProductsAnswer(':name', (url) => productPage(1, Number(url.searchParams.get('pageSize') ?? 24), 4)),
    productAnswer(product(7, { title: 'Olive oil', categoryLabel: 'Grocery' })),
    userAnswer(shopper()),
    ordersAnswer('past', SHOPPER_ID, []),
    ordersAnswer('coming', SHOPPER_ID, []),
  );
}

/** Each route of the spec's table and the h1 its page shows. */
const PAGES: [path: string, heading: string | RegExp][] = [
  ['/', 'Low prices on everything you love'],
  [`/details/${product(7)._id}`, 'Olive oil'],
  ['/payment', 'Orders waiting for payment'],
  ['/termsOfUs', 'Terms of Use'],
  ['/userprofile', 'My Account'],
  ['/userprofile/address', 'My Account'],
  ['/userprofile/pastOrders', 'My Account'],
  ['/userprofile/upcomingOrders', 'My Account'],
  ['/electronics', 'Electronics'],
  ['/Grocery', 'Grocery'],
  ['/Home', 'Home'],
  ['/Patio&Garden', 'Patio & Garden'],
  ['/Home-Improvement', 'Home Improvement'],
  ['/Auto&tires', 'Auto & Tires'],
  ['/Baby', 'Baby'],
  ['/fashion', 'Fashion'],
  ['/beauty', 'Beauty'],
  ['/cart', /^Cart/],
  ['/Order/abc123', 'Order details'],
  ['/checkout', 'Checkout'],
  ['/search?q=milk', 'Results for "milk"'],
  ['/wishlist', 'My Wish List'],
  // 'Your checkout was successful!' only for a paid order (checkout-success-page.test.tsx).
  ['/checkoutSuccess', 'There is no order to show here'],
  ['/login', 'Sign in or create your account'],
  ['/register', 'Create your Dukkan account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password?token=abcdefghijklmnopqrstuvwxyz', 'Choose a new password'],
  ['/phoneverification', 'Hi there!'],
];

describe('route table', () => {
  it.each(PAGES)('%s shows its page', async (path, heading) => {
    // The account area is for signed-in shoppers (a guest is sent to sign in: see below).
    if (path.startsWith('/userprofile')) signInShopper();
    mockCatalog();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each(['/Fashion', '/CART', '/TermsOfUs'])('%s matches its route whatever the case', async (path) => {
    mockCatalog();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Uh-oh');
  });

  it('pages of the main layout have the header, departments bar and footer', async () => {
    mockCatalog();
    renderApp('/cart');
    await screen.findByRole('heading', { level: 1, name: /^Cart/ });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Store and departments' });
    expect(await within(bar).findByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/electronics');
  });

  it('the account area has its side menu', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockCatalog();
    renderApp('/userprofile');
    const menu = await screen.findByRole('navigation', { name: 'Account menu' });
    for (const name of ['My Profile', 'Address Book', 'Past Orders', 'Upcoming Orders']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(within(menu).getByRole('link', { name: 'Past Orders' }));
    expect(await screen.findByText("You haven't placed any orders yet!")).toBeInTheDocument();
  });

  it('sends a guest from the account area to sign in', async () => {
    mockCatalog();
    renderApp('/userprofile/address');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create your account' })).toBeInTheDocument();
  });

  it('greets the signed-in shopper on /phoneverification', async () => {
    signInShopper('Layla');
    mockCatalog();
    renderApp('/phoneverification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Layla!' })).toBeInTheDocument();
  });

  it('unknown routes show the not-found page inside the layout', async () => {
    mockCatalog();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('a product that does not exist shows the not-found page', async () => {
    mockCatalog();
    renderApp('/details/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeInTheDocument();
  });

  it('a page that throws while rendering shows the not-found page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Not the contract's shape, on purpose.
    answerWith(http.get(`${API}/categories/`, () => HttpResponse.json({ data: 'not a list' })));
    // A categories answer of the wrong shape makes the layout's menu throw: the root boundary answers.
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });
});

/** Every route of a table, outermost first. */
function allRoutes(table: readonly RouteObject[]): RouteObject[] {
  return table.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

/** The route table as the server has it: `import.meta.env.SSR` set, so the routes carry their handles. */
async function serverRoutes(): Promise<RouteObject[]> {
  vi.stubEnv('SSR', true);
  vi.resetModules();
  return (await import('./router')).routes;
}

describe("the routes' handles", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("are left out of the browser's routes", () => {
    expect(allRoutes(routes).filter((route) => route.handle !== undefined)).toEqual([]);
  });

  it("name, as Vite's manifest does, the page module the route's lazy import loads", async () => {
    const withAssets = async () => allRoutes(await serverRoutes()).filter((route) => handleOf(route)?.assets);
    const keys = (await withAssets()).map((route) => handleOf(route)?.assets ?? '');
    // Home, product, terms, search, nine departments, cart, checkout, wishlist.
    expect(keys).toHaveLength(16);
    for (const [index, key] of keys.entries()) {
      // The module at `key` says when it is imported; a fresh table each time, which has imported nothing.
      let loaded = false;
      vi.doMock(`/${key}`, async (importOriginal) => {
        loaded = true;
        return importOriginal();
      });
      const route = (await withAssets())[index];
      const lazy = route?.lazy;
      if (typeof lazy !== 'function') throw new Error(`The route of ${key} loads nothing.`);
      await lazy();
      expect(loaded, `${key} loaded by the route of ${route?.path ?? 'the home page'}`).toBe(true);
      vi.doUnmock(`/${key}`);
    }
  });

  it('give every page the server renders a head of its own', async () => {
    const rendered = allRoutes(await serverRoutes()).flatMap((route) => {
      const handle = handleOf(route);
      return handle?.rendering === 'server' ? [handle] : [];
    });
    // Home, product, terms, search, the cart, nine departments, not-found.
    expect(rendered).toHaveLength(15);
    for (const handle of rendered) expect((await handle.server?.())?.head).toBeTypeOf('function');
  });
});

describe('the browser router', () => {
  it("numbers a fresh page's history entry as React Router's history does, so the router leaves it as it is", () => {
    window.history.replaceState(null, '', '/termsOfUs');
    numberHistoryEntry();
    expect(window.history.state).toEqual({ idx: 0 });
    const replaceState = vi.spyOn(window.history, 'replaceState');

    const router = createBrowserRouter(routes);

    expect(replaceState).not.toHaveBeenCalled();
    router.dispose();
  });

  it('starts on the entry it numbered, and numbers the next ones from there', async () => {
    window.history.replaceState({ usr: null, key: 'x' }, '', '/termsOfUs');
    const router = await createAppRouter();
    expect(window.history.state).toEqual({ usr: null, key: 'x', idx: 0 });
    expect(router.state.location.pathname).toBe('/termsOfUs');
    await router.navigate('/cart');
    expect(window.history.state).toMatchObject({ idx: 1 });
    router.dispose();
  });
});
