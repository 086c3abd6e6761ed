import { handleOf, type RouteHandle } from '../app/route-handle';

import type { ServerPage } from './server-page';

/** The handles of the matched routes (the static handler's `context.matches`), outermost first. */
export function matchedHandles(matches: readonly { route: { handle?: unknown } }[]): RouteHandle[] {
  return matches.flatMap((match) => {
    const handle = handleOf(match.route);
    return handle ? [handle] : [];
  });
}

/**
 * Whether the server renders the page's content (a public page), as the deepest matched route that
 * says so; otherwise the browser does (a session's page), in the frame the server renders.
 */
export function contentRenderedOnServer(handles: readonly RouteHandle[]): boolean {
  return handles.findLast((handle) => handle.rendering)?.rendering === 'server';
}

/** The server parts of the matched routes that have one, loaded, outermost first. */
export async function serverPages(handles: readonly RouteHandle[]): Promise<ServerPage[]> {
  return Promise.all(handles.flatMap((handle) => (handle.server ? [handle.server()] : [])));
}
