import './app/zod-config';

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

// The shop's code is evaluated in a few tasks, not one (decision 0027): Preact and the router
// above, then the data layer (RTK Query), then the store and its slices, then the shell
// (providers, translations), then the routes and pages. MUI's theme and style engine are not
// among them: the parts drawn with MUI load them with their own code (decision 0044). The order
// of these imports is the order of evaluation, so it is not the alphabet's.
/* eslint-disable import-x/order */
import './boot/after-react';
import { serverDataReceived } from './app/api';
import './boot/after-api';
import { createAppStore } from './app/store';
import './boot/after-data';
import { AppShell, HYDRATED_ATTRIBUTE } from './app/app-shell';
import { initI18n } from './app/i18n';
import './boot/after-shell';
import { createAppRouter, isAppRoute } from './app/router';
import { readSsrState } from './app/ssr-state';
import { followPlainLinks } from './lib/plain-links';
/* eslint-enable import-x/order */

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

// A server-rendered page brings its language, translations and data: the first render uses
// them, so it matches the HTML exactly (what depends on the stored session waits for hydration).
// Each step of the start-up is a task of its own, so that none keeps a phone's browser from
// painting or answering a tap for long.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
// Each step is marked (User Timing, `dukkan:…`): a performance trace shows which task is which.
const mark = (step: string) => performance.mark(`dukkan:${step}`);
mark('evaluated');
// The first step is the evaluation of the shop's code itself.
await nextTask();
mark('i18n');
const serverState = readSsrState(document);
void initI18n(serverState ?? undefined);
await nextTask();
mark('store');
const store = createAppStore();
await nextTask();
mark('router');
const router = await createAppRouter();
await nextTask();
// After the page's code has loaded: its endpoints are known when their data arrives.
// Once the page is live, a link of a part still waiting to hydrate is followed here too, not
// loaded from the server.
followPlainLinks((to) => void router.navigate(to), isAppRoute, () => document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE));
mark('data');
if (serverState) store.dispatch(serverDataReceived({ api: serverState.api, receivedAt: Date.now() }));
await nextTask();
mark('hydrate');

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
