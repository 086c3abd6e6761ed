const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text safe in an HTML element or a quoted attribute: `& < > " '` as entities. The one escaper of
 * the pages, mail and card page the shop writes as strings (the server-rendered head, the
 * sandbox's card page, the mail's HTML part).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
