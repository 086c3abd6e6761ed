import { render } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject, useLocation } from 'react-router';

import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import { createAppStore, type AppStore } from '../app/store';
import { MuiScope } from '../components/mui/mui-scope';

/** Shows the current location, so tests can assert where a navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderRouter(routes: RouteObject[], initialPath: string, store: AppStore) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <Suspense fallback={null}>
      <AppProviders store={store}>
        {/* As the routes of pages drawn with MUI give it (app/router.tsx); it draws nothing itself. */}
        <MuiScope>
          <RouterProvider router={router} />
        </MuiScope>
      </AppProviders>
    </Suspense>,
  );
  return { ...view, router, store };
}

/** Renders `ui` inside the shop's providers alone (the store and the toasts), outside any router. */
export function renderInProviders(ui: ReactElement, store: AppStore = createAppStore()) {
  return render(<AppProviders store={store}>{ui}</AppProviders>);
}

/**
 * Renders `ui` at `path` (inside the providers; a query string is kept for the page), under the
 * route pattern `route` (default: the path itself, e.g. `/details/:id` for params); every other
 * path shows the location probe.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route = path.split('?')[0], store = createAppStore() }: { path?: string; route?: string; store?: AppStore } = {},
) {
  return renderRouter(
    [
      { path: route, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
    store,
  );
}

/** Renders the whole shop (real route table, lazy pages) at `url`. */
export function renderApp(url: string, { store = createAppStore() } = {}) {
  return renderRouter(appRoutes, url, store);
}
