import './app/zod-config';

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { serverDataReceived } from './app/api';
import { AppShell } from './app/app-shell';
import { initI18n } from './app/i18n';
import { createAppRouter } from './app/router';
import { readSsrState } from './app/ssr-state';
import { createAppStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

// A server-rendered page brings its language, translations and data: the first render uses
// them, so it matches the HTML exactly (what depends on the stored session waits for hydration).
const serverState = readSsrState(document);
void initI18n(serverState ?? undefined);
const store = createAppStore();
const router = await createAppRouter();
// After the page's code has loaded: its endpoints are known when their data arrives.
if (serverState) store.dispatch(serverDataReceived({ api: serverState.api }));

const app = (
  <AppShell store={store} renderDay={serverState?.renderDay} serverRendered={serverState !== null}>
    <RouterProvider router={router} />
  </AppShell>
);

// In a transition React works in slices of a few milliseconds and lets the browser handle input
// between them, instead of hydrating (or rendering) the whole page in one long task (as React
// Router's own client entry does).
startTransition(() => {
  if (serverState) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
