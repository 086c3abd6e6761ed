/**
 * Sends the browser to a page the storefront does not render (the payment provider's hosted
 * card page, e.g. the sandbox's `/pay/{sessionId}` served by the API): a full page load, not a
 * client-side route. Kept apart so tests can observe it (jsdom cannot navigate).
 */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
