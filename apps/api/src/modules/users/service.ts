import type { Language } from '@dukkan/contracts/common';
import type {
  Address,
  AddressBookBodySchema,
  SignInResponse,
  SignUpBodySchema,
  UpdateUserBodySchema,
  User,
} from '@dukkan/contracts/users';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Database, Executor } from '../../db/client';
import { addresses, users } from '../../db/schema';
import { ACCOUNT_DISABLED_MESSAGE } from '../../lib/auth';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import type { FailureLimiter } from '../../lib/failure-limiter';
import type { TokenService } from '../../lib/tokens';
import { emailChangedMessage } from '../../mail/messages';
import { enqueueMail, type OutboxWorker } from '../../mail/outbox';
import type { GuestCartIdentity } from '../cart/cart-owner';
import { mergeGuestCart } from '../cart/service';

import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';

type SignUpInput = z.output<typeof SignUpBodySchema>;
type UpdateUserInput = z.output<typeof UpdateUserBodySchema>;
type AddressBookInput = z.output<typeof AddressBookBodySchema>;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct.';
export const CURRENT_PASSWORD_FOR_EMAIL_MESSAGE = 'Enter your current password to change your email.';

/** An address book entry's columns, as the contract's `Address` names them. */
export const addressColumns = {
  _id: addresses.id,
  fullName: addresses.fullName,
  phoneNumber: addresses.phoneNumber,
  country: addresses.country,
  city: addresses.city,
  area: addresses.area,
  street: addresses.street,
  building: addresses.building,
  floor: addresses.floor,
  apartment: addresses.apartment,
  zipCode: addresses.zipCode,
  extraDetails: addresses.extraDetails,
};

async function readAddressBook(db: Executor, userId: string): Promise<Address[]> {
  return db.select(addressColumns).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.position));
}

/** The shopper as the API shows them (never the hash), or `null` when there is no such user. */
export async function findUser(db: Executor, userId: string): Promise<User | null> {
  const [row] = await db
    .select({ _id: users.id, name: users.name, email: users.email, marketingEmails: users.marketingEmails })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return { ...row, addressBook: await readAddressBook(db, userId) };
}

/** The shopper, or a 404 (a valid token of a user deleted meanwhile never gets this far). */
export async function getUser(db: Executor, userId: string): Promise<User> {
  const user = await findUser(db, userId);
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Creates an account. The email arrives trimmed and lower-cased, so a taken email in any letter
 * case is a 409; a very common password is a 400. Nothing is written on failure.
 */
export async function signUp(db: Database, input: SignUpInput): Promise<User> {
  if (isCommonPassword(input.password)) throw badRequest(COMMON_PASSWORD_MESSAGE, 'COMMON_PASSWORD');
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash, marketingEmails: input.marketingEmails, marketingEmailsAt: sql`now()` })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) throw conflict(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
  return getUser(db, row.id);
}

export interface SignInContext {
  limiter: FailureLimiter;
  tokens: TokenService;
  /** The client's address, for the per-address failure count. */
  clientAddress: string;
}

function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The guest cart a sign-in request carried (a verified `token2`), and the language of its titles. */
export interface GuestCartToMerge {
  identity: GuestCartIdentity;
  lng: Language;
}

/**
 * Checks an email and password and issues a token. Wrong email and wrong password answer the
 * same 401 after the same amount of hashing; a disabled account with the right password is a 403
 * `ACCOUNT_DISABLED` (nothing is merged). Only failures are counted: 10 for one email (or 100
 * from one address) within 15 minutes block further tries with a 429 until the window passes.
 * With a guest cart, once the password is verified, the cart is merged into the shopper's
 * (`mergeGuestCart`) and `cart` says how; a guest cart that no longer exists is ignored.
 */
export async function signIn(
  db: Database,
  { email, password }: { email: string; password: string },
  { limiter, tokens, clientAddress }: SignInContext,
  guestCart?: GuestCartToMerge,
): Promise<SignInResponse> {
  const keys = { email, address: clientAddress };
  const wait = await limiter.retryAfterSeconds(keys);
  if (wait > 0) throw tooManyRequests(retryMessage(wait), wait);

  const [row] = await db
    .select({ id: users.id, name: users.name, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, email));
  const valid = row ? await verifyPassword(row.passwordHash, password) : await verifyAgainstDummy(password);
  if (!row || !valid) {
    await limiter.recordFailure(keys);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
  }
  // Only after the password: whoever does not know it learns nothing of the account (decision 0038).
  if (row.disabledAt) throw forbidden(ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
  const token = await tokens.sign({ id: row.id, name: row.name, tv: row.tokenVersion });
  const cart = guestCart ? await mergeGuestCart(db, row.id, guestCart.identity, guestCart.lng) : null;
  return { token, data: await getUser(db, row.id), ...(cart ? { cart } : {}) };
}

/** What a profile change needs besides the sign-in context: where the old address's notice goes from. */
export interface UpdateUserContext extends SignInContext {
  outbox: Pick<OutboxWorker, 'wake'>;
  /** The shop's address, named in the notice to the old email (`PUBLIC_URL`). */
  publicUrl: string;
  lng: Language;
}

/**
 * Changes what the body names — name, email, marketing consent and (with the current one) the
 * password — in one transaction; a field left out stays. A new password, or an email other than
 * the current one (ignoring case), needs the current password: missing or wrong is a 400 (not a
 * 401: the session is fine), and a wrong one counts as a failed sign-in for the account's email.
 * Either change raises the token version, which ends every other session; an email change also
 * tells the old address, through the outbox, in the same transaction. The answer always carries
 * a fresh token for this session (with the new name). The marketing choice is stored with its
 * time when it changes. A taken email is a 409. On any failure nothing changes.
 */
export async function updateUser(
  db: Database,
  userId: string,
  input: UpdateUserInput,
  { limiter, tokens, clientAddress, outbox, publicUrl, lng }: UpdateUserContext,
): Promise<{ data: User; token: string }> {
  const [current] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw notFound('User not found');

  const newEmail = input.email !== undefined && input.email !== current.email ? input.email : undefined;
  if (input.password !== undefined || newEmail !== undefined) {
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_FOR_EMAIL_MESSAGE, 'CURRENT_PASSWORD_REQUIRED');
    const keys = { email: current.email, address: clientAddress };
    const wait = await limiter.retryAfterSeconds(keys);
    if (wait > 0) throw tooManyRequests(retryMessage(wait), wait);
    if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
      await limiter.recordFailure(keys);
      throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, 'INVALID_CURRENT_PASSWORD');
    }
  }
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    if (isCommonPassword(input.password)) throw badRequest(COMMON_PASSWORD_MESSAGE, 'COMMON_PASSWORD');
    passwordHash = await hashPassword(input.password);
  }
  const endsOtherSessions = passwordHash !== undefined || newEmail !== undefined;

  let answer: { data: User; token: string };
  try {
    answer = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(newEmail !== undefined ? { email: newEmail } : {}),
          ...(input.marketingEmails !== undefined
            ? {
                marketingEmails: input.marketingEmails,
                marketingEmailsAt: sql`case when ${users.marketingEmails} = ${input.marketingEmails} then ${users.marketingEmailsAt} else now() end`,
              }
            : {}),
          updatedAt: sql`now()`,
          ...(passwordHash ? { passwordHash } : {}),
          ...(endsOtherSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, userId))
        .returning({ name: users.name, tokenVersion: users.tokenVersion });
      if (!row) throw notFound('User not found');
      if (newEmail !== undefined) {
        const notice = emailChangedMessage({ to: current.email, name: row.name, newEmail, shopUrl: publicUrl, lng });
        await enqueueMail(tx, 'email-changed', notice);
      }
      // A fresh token for this session: it carries the new name (the header greets by it) and,
      // after a password or email change, the raised token version that ended every other session.
      return { data: await getUser(tx, userId), token: await tokens.sign({ id: userId, name: row.name, tv: row.tokenVersion }) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
    throw error;
  }
  if (newEmail !== undefined) outbox.wake();
  return answer;
}

/**
 * Replaces the shopper's address book with `book`, the whole list as the client last read it, in
 * one transaction: an entry with an `_id` keeps it (it must be one of this shopper's addresses,
 * else 404 and nothing changes), an entry without one is added, and a saved address left out is
 * removed. The list's order is kept.
 */
export async function replaceAddressBook(db: Database, userId: string, book: AddressBookInput): Promise<User> {
  const keptIds = book.flatMap((entry) => (entry._id ? [entry._id] : []));
  if (new Set(keptIds).size !== keptIds.length) throw badRequest('The same address appears twice in the list', 'DUPLICATE_ADDRESS');

  return db.transaction(async (tx) => {
    // Locks the shopper's row: two saves of one address book run one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (keptIds.length > 0) {
      const owned = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), inArray(addresses.id, keptIds)));
      if (owned.length !== keptIds.length) throw notFound('An address in the list is not in your address book', 'ADDRESS_NOT_FOUND');
    }
    await tx
      .delete(addresses)
      .where(keptIds.length > 0 ? and(eq(addresses.userId, userId), notInArray(addresses.id, keptIds)) : eq(addresses.userId, userId));
    for (const [position, { _id, ...fields }] of book.entries()) {
      if (_id) {
        await tx
          .update(addresses)
          .set({ ...fields, position })
          .where(and(eq(addresses.id, _id), eq(addresses.userId, userId)));
      } else {
        await tx.insert(addresses).values({ ...fields, userId, position });
      }
    }
    return getUser(tx, userId);
  });
}
