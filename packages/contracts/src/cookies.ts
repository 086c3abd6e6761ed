/*
 * Reading a cookie in the browser, shared by the storefront and the back office (the language's
 * `i18next`, the anti-forgery `XSRF-TOKEN`). No Zod: both apps' first chunks import it.
 */

/** The page's cookies: `document.cookie` in a browser, none elsewhere (on the server). */
function pageCookies(): string {
  return (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';
}

/** The decoded value of a cookie, or `null` when the cookie is not set (always, on the server). */
export function readCookie(name: string, cookies: string = pageCookies()): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
