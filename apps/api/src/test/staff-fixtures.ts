import { randomBytes } from 'node:crypto';

import type { StaffRole } from '@dukkan/contracts/admin-staff';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';

import type { Database } from '../db/client';
import { staff } from '../db/schema';
import { createStaffSession, SESSION_COOKIE } from '../modules/admin/session';

/** A staff member made straight in the database for one test, with a live session. */
export interface TestStaff {
  id: string;
  email: string;
  role: StaffRole;
  /** Headers that make a request as this staff member: the session and XSRF cookies and the XSRF header. */
  headers: Record<string, string>;
}

/** Creates a staff member of `role` (unique email, no password) and signs them in. */
export async function createTestStaff(db: Database, role: StaffRole, name = `Test ${role}`): Promise<TestStaff> {
  const email = `${role}-${randomBytes(6).toString('hex')}@staff.test`;
  const [row] = await db.insert(staff).values({ email, name, role }).returning({ id: staff.id });
  if (!row) throw new Error('staff row not created');
  const { token, xsrfToken } = await createStaffSession(db, row.id);
  return {
    id: row.id,
    email,
    role,
    headers: { cookie: `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrfToken}`, [XSRF_HEADER]: xsrfToken },
  };
}

/** One signed-in staff member of each role. */
export interface RoleStaff {
  owner: TestStaff;
  catalog: TestStaff;
  support: TestStaff;
}

/**
 * Creates one staff member of each role, signed in, by the names the tests read back (Olivia
 * Owner, Cato Catalog, Sam Support), in that order: the cast of a back-office test that checks
 * who may do what and records who did it.
 */
export async function createRoleStaff(db: Database): Promise<RoleStaff> {
  const owner = await createTestStaff(db, 'owner', 'Olivia Owner');
  const catalog = await createTestStaff(db, 'catalog', 'Cato Catalog');
  const support = await createTestStaff(db, 'support', 'Sam Support');
  return { owner, catalog, support };
}
