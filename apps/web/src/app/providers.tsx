import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { Provider as ReduxProvider } from 'react-redux';

import { onToastsWanted, toastsAreWanted } from '../lib/notify';
import { useHydrated } from '../lib/use-hydrated';

import type { AppStore } from './store';

// The toast container (and its styling library) loads with the page's first toast, once the page
// is live: a toast raised before it arrives is kept by react-hot-toast's store and shown when it
// mounts. A page that never toasts never loads or styles it.
const AppToaster = lazy(() => import('./toaster'));

/** Toasts only ever come from the browser: the container mounts after hydration, with the first toast. */
function Toasts() {
  const hydrated = useHydrated();
  const wanted = useSyncExternalStore(onToastsWanted, toastsAreWanted, () => false);
  return hydrated && wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/**
 * Everything a page needs around it: the store and toasts. MUI's theme is not here: the parts
 * drawn with MUI bring it with them (components/mui/mui-scope.tsx, decision 0044).
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      {children}
      <Toasts />
    </ReduxProvider>
  );
}
