/** The review page of an order: `/Order/{id}` (spec route table). */
export function orderPath(id: string): string {
  return `/Order/${encodeURIComponent(id)}`;
}
