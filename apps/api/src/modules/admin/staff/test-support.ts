import { randomBytes } from 'node:crypto';

import type { StaffRole } from '@dukkan/contracts/admin-staff';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { eq } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { staff } from '../../../db/schema';
import type { JsonAnswer } from '../../../test/test-app';
import { hashPassword } from '../../users/passwords';
import { SESSION_COOKIE } from '../session';

/** A password no list holds, for test accounts. */
export const STAFF_PASSWORD = 'staff-Test-passphrase-93';

/** A staff member with a password, made straight in the database (no session). */
export async function insertStaffWithPassword(db: Database, role: StaffRole, password = STAFF_PASSWORD): Promise<{ id: string; email: string; password: string }> {
  const email = `${role}-${randomBytes(6).toString('hex')}@staff.test`;
  const [row] = await db.insert(staff).values({ email, name: `Test ${role}`, role, passwordHash: await hashPassword(password) }).returning({ id: staff.id });
  if (!row) throw new Error('staff row not created');
  return { id: row.id, email, password };
}

/** One `Set-Cookie` of an answer: its value and its attributes as written. */
export interface SetCookie {
  value: string;
  attributes: string;
}

/** The cookies an answer sets, by name. */
export function setCookies(res: JsonAnswer): Record<string, SetCookie> {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const out: Record<string, SetCookie> = {};
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    out[pair.slice(0, at).trim()] = { value: decodeURIComponent(pair.slice(at + 1).trim()), attributes: attributes.map((a) => a.trim()).join('; ') };
  }
  return out;
}

/** Headers that act as the session a sign-in (or setup) answer started: both cookies and the XSRF header. */
export function sessionHeaders(res: JsonAnswer): Record<string, string> {
  const cookies = setCookies(res);
  const session = cookies[SESSION_COOKIE]?.value;
  const xsrf = cookies[XSRF_COOKIE]?.value;
  if (!session || !xsrf) throw new Error(`no session cookies in the answer (${res.status})`);
  return { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf };
}

/** The stored row of a staff member. */
export async function staffRow(db: Database, id: string) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}
