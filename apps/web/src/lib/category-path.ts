/**
 * The department page of a category: `/{slug}`, e.g. `/Patio&Garden` (`&` is a valid path
 * character; routes match case-insensitively, so `/Fashion` opens the `/fashion` page).
 */
export function categoryPath(slug: string): string {
  return `/${slug.replace(/[?#%/\s]/g, encodeURIComponent)}`;
}
