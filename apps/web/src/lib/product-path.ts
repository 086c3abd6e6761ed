/** The product page of a product: `/details/{id}`. */
export function productPath(id: string): string {
  return `/details/${encodeURIComponent(id)}`;
}
