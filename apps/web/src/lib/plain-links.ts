/**
 * Follows in the app a link that the app itself did not handle: a plain `<a>` of a part that is
 * still waiting to hydrate (decisions 0024 and 0027: the department bar, banners and the footer
 * hydrate only when touched). Without this, a tap on such a link once the page is live would load
 * its page from the server again, with every script, instead of rendering it here.
 *
 * Left to the browser: a link another handler took (`defaultPrevented`), a click with a modifier
 * or another button, a link to another origin, window or a download, a link to a place on the
 * same page (the skip link), a link marked `data-reload`, any path `isRoute` does not know, and
 * every link while the page is not `isLive` yet (the server's page it is still hydrating).
 */
export function followPlainLinks(navigate: (to: string) => unknown, isRoute: (pathname: string) => boolean, isLive: () => boolean): () => void {
  function onClick(event: MouseEvent) {
    if (!isLive() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.hasAttribute('data-reload')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || !isRoute(url.pathname)) return;
    const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
    if (samePage && url.hash) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  }
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
