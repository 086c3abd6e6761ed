import { lazy, type ReactNode, Suspense } from 'react';
import { Provider as ReduxProvider } from 'react-redux';

import { useHydrated } from '../lib/use-hydrated';

import type { AppStore } from './store';

// The toast container (and its styling library) loads after the first paint (and hydration); toasts raised
// before it arrives are kept by react-hot-toast's store and shown when it mounts.
const AppToaster = lazy(() => import('./toaster'));

/** Toasts only ever come from the browser: the container mounts after hydration. */
function Toasts() {
  const hydrated = useHydrated();
  return hydrated ? (
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
