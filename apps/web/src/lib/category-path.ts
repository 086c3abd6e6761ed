/**
 * The department page of a category by its name (the key, `Category.name` or `Product.category`):
 * `/{name}`, e.g. `/Patio&Garden` (`&` is a valid path character; routes match
 * case-insensitively, so `/Fashion` opens the `/fashion` page).
 */
export function categoryPath(name: string): string {
  return `/${name.replace(/[?#%/\s]/g, encodeURIComponent)}`;
}
