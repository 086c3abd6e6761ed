import { z } from 'zod';

/**
 * Back-office roles (issue #20): `owner` may do everything, staff management included;
 * `catalog` runs products, stock and CSV import/export; `support` orders and customers.
 */
export const StaffRoleSchema = z.enum(['owner', 'catalog', 'support']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** The name of the readable cookie holding the token every back-office write echoes (spec section 7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header that carries it back. */
export const XSRF_HEADER = 'x-xsrf-token';

/** A staff member as the back office sees one. */
export const StaffSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type Staff = z.infer<typeof StaffSchema>;
