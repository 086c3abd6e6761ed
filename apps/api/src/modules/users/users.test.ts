import { ErrorResponseSchema } from '@dukkan/contracts/common';
import {
  SignInResponseSchema,
  UpdateUserResponseSchema,
  UserResponseSchema,
  type AddressInput,
  type User,
} from '@dukkan/contracts/users';
import { and, asc, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { addresses, outbox, users } from '../../db/schema';
import { useTestApp, type TestUser } from '../../test/test-app';

const t = useTestApp();
const SECRET = new TextEncoder().encode('test-secret-of-at-least-32-characters!');

let emailCounter = 0;
const uniqueEmail = (tag = 'u') => `${tag}-${Date.now()}-${(emailCounter += 1)}@example.com`;

const signUp = (body: Record<string, unknown>) => t.request('POST', '/api/users/signup', { body });
const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  t.request('POST', '/api/users/signin', { body: { email, password }, headers });

function errorOf(res: { body: unknown }) {
  return ErrorResponseSchema.parse(res.body);
}

async function countUsers(): Promise<number> {
  return (await t.database.db.select({ id: users.id }).from(users)).length;
}

/** The messages of a kind the outbox holds for `to`, oldest first. */
async function mailsTo(to: string, kind: string) {
  const rows = await t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.kind, kind))).orderBy(asc(outbox.createdAt));
  return rows;
}

/** The stored row of a user, to check that a refused request changed nothing. */
async function storedUser(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  const book = await t.database.db.select().from(addresses).where(eq(addresses.userId, id));
  return { row, book };
}

const ADDRESS: AddressInput = {
  fullName: 'Mona Adel',
  phoneNumber: '01001234567',
  country: 'Egypt',
  city: 'Cairo',
  area: 'Zamalek',
  street: '26th of July St.',
  building: '12',
  floor: '3',
  apartment: '7',
  zipCode: '11211',
  extraDetails: 'Ring twice',
};

describe('POST /api/users/signup', () => {
  it('creates the user and answers 201 with data = the user, never the password or its hash', async () => {
    const email = uniqueEmail('new');
    const res = await signUp({ name: '  Mona Adel ', email: `  ${email.toUpperCase()} `, password: 'correct horse 42', marketingEmails: true });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = UserResponseSchema.parse(res.body);
    expect(data).toMatchObject({ name: 'Mona Adel', email, marketingEmails: true, addressBook: [] });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2|correct horse/i);
    const { row } = await storedUser(data._id);
    expect(row!.email).toBe(email);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('ignores unknown fields such as role', async () => {
    const res = await signUp({ name: 'Sami', email: uniqueEmail(), password: 'strong-pass-1', role: 'admin', isAdmin: true });
    expect(res.status).toBe(201);
    expect(Object.keys((res.body as { data: object }).data).sort()).toEqual(['_id', 'addressBook', 'email', 'marketingEmails', 'name']);
  });

  it('refuses an email already taken in another letter case with 409, creating nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp({ name: 'First', email, password: 'strong-pass-1' })).status).toBe(201);
    const before = await countUsers();
    const res = await signUp({ name: 'Second', email: email.toUpperCase(), password: 'strong-pass-2' });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toEqual({ message: 'An account with this email already exists.', code: 'EMAIL_TAKEN' });
    expect(await countUsers()).toBe(before);
  });

  it('creates one account when the same email signs up five times at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      ['a', 'B', 'c', 'D', 'e'].map((tag) => signUp({ name: `Racer ${tag}`, email: tag === 'B' ? email.toUpperCase() : email, password: 'strong-pass-1' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each([
    [{ email: 'a@example.com', password: 'strong-pass-1' }, /Name is required/],
    [{ name: '  ab  ', email: 'a@example.com', password: 'strong-pass-1' }, /Name must be at least 3 characters/],
    [{ name: 'x'.repeat(61), email: 'a@example.com', password: 'strong-pass-1' }, /Name must be at most 60 characters/],
    [{ name: 'Mona', password: 'strong-pass-1' }, /Email is required/],
    [{ name: 'Mona', email: 'not-an-email', password: 'strong-pass-1' }, /Please enter a valid email/],
    // Not plain addresses (issue #32): a spreadsheet formula, quotes, `=`, a space inside.
    [{ name: 'Mona', email: '=HYPERLINK("http://evil.example","Click")&"@x.io"', password: 'strong-pass-1' }, /Please enter a valid email/],
    [{ name: 'Mona', email: '"mona adel"@example.com', password: 'strong-pass-1' }, /Please enter a valid email/],
    [{ name: 'Mona', email: 'a=b@example.com', password: 'strong-pass-1' }, /Please enter a valid email/],
    [{ name: 'Mona', email: `${'a'.repeat(250)}@example.com`, password: 'strong-pass-1' }, /Email must be at most 254 characters/],
    [{ name: 'Mona', email: 'a@example.com' }, /Password is required/],
    [{ name: 'Mona', email: 'a@example.com', password: 'five5' }, /Password must be at least 6 characters long/],
    [{ name: 'Mona', email: 'a@example.com', password: 'p'.repeat(129) }, /Password must be at most 128 characters long/],
    [{ name: 'Mona', email: 'a@example.com', password: 'password1' }, /This password is too common/],
    [{ name: 'Mona', email: 'a@example.com', password: 'strong-pass-1', marketingEmails: 'yes' }, /marketingEmails/],
  ])('answers 400 with the failing rule for %j and creates nothing', async (body, message) => {
    const before = await countUsers();
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(message);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a body that is not JSON with a clear 400', async () => {
    const res = await t.request('POST', '/api/users/signup', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe('The request body is not valid JSON');
  });
});

describe('POST /api/users/signin', () => {
  it('answers a 7-day HS256 token carrying id, name and token version, and the user', async () => {
    const shopper = await t.createUser({ name: 'Layla' });
    const res = await signIn(shopper.email.toUpperCase(), shopper.password);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, data } = SignInResponseSchema.parse(res.body);
    expect(data).toEqual(shopper.user);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ id: shopper.id, name: 'Layla', tv: 0 });
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 60 * 60);
  });

  it('gives a wrong password and an unknown email the same status and message', async () => {
    const shopper = await t.createUser();
    const wrongPassword = await signIn(shopper.email, 'not-the-password');
    const unknownEmail = await signIn(uniqueEmail('nobody'), shopper.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(errorOf(wrongPassword)).toEqual(errorOf(unknownEmail));
    expect(errorOf(wrongPassword).message).toBe('Invalid username or password.');
  });

  it('answers 400 when the email or password is missing', async () => {
    expect(errorOf(await t.request('POST', '/api/users/signin', { body: { password: 'x' } })).message).toMatch(/Email is required/);
    expect(errorOf(await t.request('POST', '/api/users/signin', { body: { email: 'a@b.co' } })).message).toMatch(/Password is required/);
  });

  it('blocks an email after 10 failures in 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const shopper = await t.createUser();
    for (let i = 0; i < 10; i += 1) expect((await signIn(shopper.email, `wrong-${i}`)).status).toBe(401);
    const blocked = await signIn(shopper.email, shopper.password);
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another shopper from the same address is not affected.
    const other = await t.createUser();
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('never counts successful sign-ins', async () => {
    const shopper = await t.createUser();
    for (let i = 0; i < 12; i += 1) expect((await signIn(shopper.email, shopper.password)).status).toBe(200);
  });

  it('allows a client address 100 failures in 15 minutes, then answers 429 to it alone', async () => {
    const shopper = await t.createUser();
    const remoteAddress = '203.0.113.7';
    const spray = (email: string, password: string) =>
      t.request('POST', '/api/users/signin', { body: { email, password }, remoteAddress });
    for (let i = 0; i < 100; i += 1) expect((await spray(uniqueEmail(`spray-${i}`), 'wrong-password')).status).toBe(401);
    const blocked = await spray(shopper.email, shopper.password);
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    // The same shopper from another address signs in.
    expect((await signIn(shopper.email, shopper.password)).status).toBe(200);
  });
});

/** The three account endpoints, as `who` acting on `target`'s account. */
function accountCalls(target: TestUser) {
  return [
    { name: 'GET /api/users/{id}', send: (token?: string) => t.request('GET', `/api/users/${target.id}`, { as: token }) },
    {
      name: 'PUT /api/users/{id}',
      send: (token?: string) =>
        t.request('PUT', `/api/users/${target.id}`, { as: token, body: { name: 'Hijacked', email: uniqueEmail('hijack') } }),
    },
    {
      name: 'PUT /api/users/address/{id}',
      send: (token?: string) => t.request('PUT', `/api/users/address/${target.id}`, { as: token, body: [ADDRESS] }),
    },
  ];
}

describe('authorisation of the account endpoints', () => {
  it('refuses every bad token with 401 and a stranger with the 404 of a missing account, leaving the account unread and unchanged', async () => {
    const a = await t.createUser({ name: 'Alice' });
    const b = await t.createUser({ name: 'Bob' });
    const before = await storedUser(b.id);

    const [header, , signature] = b.token.split('.');
    // B's own token with one claim added and the original signature kept.
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(b.token), role: 'admin' })).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const bPayload = b.token.split('.')[1];
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ id: b.id, name: 'Bob', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 8 * 24 * 3600)
      .setExpirationTime(now - 3600)
      .sign(SECRET);
    const wrongKey = await new SignJWT({ id: b.id, name: 'Bob', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    const hs512 = await new SignJWT({ id: b.id, name: 'Bob', tv: 0 }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(SECRET);

    const refused: [string, string | undefined][] = [
      ['no token', undefined],
      ['malformed', 'not-a-jwt'],
      ['expired', expired],
      ['alg none', `${noneHeader}.${bPayload}.`],
      ['another algorithm', hs512],
      ['wrong key', wrongKey],
      ['tampered payload', `${header}.${forgedPayload}.${signature}`],
    ];
    for (const call of accountCalls(b)) {
      for (const [what, token] of refused) {
        const res = await call.send(token);
        expect(res.status, `${call.name} with ${what}`).toBe(401);
        expect(JSON.stringify(res.body)).not.toContain('Bob');
      }
      const stranger = await call.send(a.token);
      expect(stranger.status, `${call.name} with another user's token`).toBe(404);
      expect(errorOf(stranger).message).toBe('User not found');
      // The same answer as for an account that does not exist.
      const [missing] = accountCalls({ ...b, id: '00000000-0000-4000-8000-00000000ffff' }).filter((other) => other.name === call.name);
      expect((await missing!.send(a.token)).body).toEqual(stranger.body);
      expect(JSON.stringify(stranger.body)).not.toContain(b.email);
    }
    expect(await storedUser(b.id)).toEqual(before);
  });

  it('refuses the token of a deleted user', async () => {
    const gone = await t.createUser();
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    for (const call of accountCalls(gone)) expect((await call.send(gone.token)).status, call.name).toBe(401);
  });

  it('lets a shopper read their own account, uncached', async () => {
    const me = await t.createUser({ name: 'Nour' });
    const res = await t.request('GET', `/api/users/${me.id}`, { as: me });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(UserResponseSchema.parse(res.body).data).toEqual(me.user);
  });
});

describe('PUT /api/users/{id}', () => {
  const update = (me: TestUser, body: Record<string, unknown>, token: string = me.token) =>
    t.request('PUT', `/api/users/${me.id}`, { as: token, body });

  it('changes the name without a password; the same email in other letters is no change and needs none', async () => {
    const me = await t.createUser();
    const res = await update(me, { name: ' Renamed Shopper ', email: ` ${me.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    const body = UpdateUserResponseSchema.parse(res.body);
    expect(body.data).toMatchObject({ name: 'Renamed Shopper', email: me.email });
    // A fresh token with the new name, same token version: the old one keeps working.
    expect(decodeJwt(body.token)).toMatchObject({ id: me.id, name: 'Renamed Shopper', tv: 0 });
    expect((await t.request('GET', `/api/users/${me.id}`, { as: me })).status).toBe(200);
    expect(await mailsTo(me.email, 'email-changed')).toHaveLength(0);
  });

  it('changes the email only with the current password, tells the old address through the outbox and ends the other sessions', async () => {
    const me = await t.createUser({ name: 'Salma' });
    const otherSession = SignInResponseSchema.parse((await signIn(me.email, me.password)).body).token;
    const email = uniqueEmail('moved');
    const before = await storedUser(me.id);

    const missing = await update(me, { name: 'Salma', email });
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toEqual({ message: 'Enter your current password to change your email.', code: 'CURRENT_PASSWORD_REQUIRED' });
    const wrong = await update(me, { name: 'Salma', email, currentPassword: 'not-my-password' });
    expect(errorOf(wrong)).toEqual({ message: 'Your current password is not correct.', code: 'INVALID_CURRENT_PASSWORD' });
    expect(await storedUser(me.id)).toEqual(before);
    expect(await mailsTo(me.email, 'email-changed')).toHaveLength(0);

    const res = await update(me, { name: 'Salma', email: email.toUpperCase(), currentPassword: me.password });
    expect(res.status).toBe(200);
    const { data, token } = UpdateUserResponseSchema.parse(res.body);
    expect(data.email).toBe(email);
    expect(decodeJwt(token)).toMatchObject({ id: me.id, tv: 1 });
    expect((await t.request('GET', `/api/users/${me.id}`, { as: otherSession })).status).toBe(401);
    expect((await t.request('GET', `/api/users/${me.id}`, { as: token })).status).toBe(200);
    expect((await signIn(email, me.password)).status).toBe(200);
    expect((await signIn(me.email, me.password)).status).toBe(401);

    const [notice, ...more] = await mailsTo(me.email, 'email-changed');
    expect(more).toHaveLength(0);
    expect(notice?.subject).toBe('The email address of your Dukkan account was changed');
    expect(notice?.textBody).toContain(email);
    expect(await mailsTo(email, 'email-changed')).toHaveLength(0);
  });

  it('sets the marketing consent either way, with the time of the choice', async () => {
    const me = await t.createUser();
    const atSignUp = (await storedUser(me.id)).row;
    expect(atSignUp?.marketingEmailsAt).toBeInstanceOf(Date);
    const optIn = await update(me, { marketingEmails: true });
    expect(optIn.status).toBe(200);
    expect(UpdateUserResponseSchema.parse(optIn.body).data.marketingEmails).toBe(true);
    const optedIn = (await storedUser(me.id)).row;
    expect(optedIn?.marketingEmails).toBe(true);
    expect(optedIn!.marketingEmailsAt!.getTime()).toBeGreaterThanOrEqual(atSignUp!.marketingEmailsAt!.getTime());

    const optOut = await update(me, { name: me.user.name, email: me.email, marketingEmails: false });
    expect(optOut.status).toBe(200);
    expect(UpdateUserResponseSchema.parse(optOut.body).data.marketingEmails).toBe(false);
    expect((await storedUser(me.id)).row?.marketingEmails).toBe(false);
    // Saving the profile without the field leaves the choice as it is.
    await update(me, { name: 'Still Opted Out', email: me.email });
    expect((await storedUser(me.id)).row).toMatchObject({ marketingEmails: false, name: 'Still Opted Out' });
  });

  it('refuses an email another account has with 409 and changes nothing', async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const before = await storedUser(me.id);
    const res = await update(me, { name: 'Whoever', email: other.email.toUpperCase(), currentPassword: me.password });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('EMAIL_TAKEN');
    expect(await storedUser(me.id)).toEqual(before);
  });

  it('needs the current password to set a new one, checked on the server', async () => {
    const me = await t.createUser();
    const before = await storedUser(me.id);
    const missing = await update(me, { name: me.user.name, email: me.email, password: 'brand-new-pass-1' });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).message).toMatch(/current password/);
    const wrong = await update(me, { name: me.user.name, email: me.email, password: 'brand-new-pass-1', currentPassword: 'guess' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toEqual({ message: 'Your current password is not correct.', code: 'INVALID_CURRENT_PASSWORD' });
    const common = await update(me, { name: me.user.name, email: me.email, password: 'qwerty123', currentPassword: me.password });
    expect(errorOf(common).code).toBe('COMMON_PASSWORD');
    expect(await storedUser(me.id)).toEqual(before);
    // The session is fine after a wrong current password: the token still works.
    expect((await t.request('GET', `/api/users/${me.id}`, { as: me })).status).toBe(200);
  });

  it('ends every other session on a password change and keeps the current one with a fresh token', async () => {
    const me = await t.createUser({ name: 'Karim' });
    const otherSession = SignInResponseSchema.parse((await signIn(me.email, me.password)).body).token;
    const res = await update(me, { name: 'Karim', email: me.email, password: 'brand-new-pass-1', currentPassword: me.password });
    expect(res.status).toBe(200);
    const { token } = UpdateUserResponseSchema.parse(res.body);
    expect(token).toBeDefined();
    expect(decodeJwt(token)).toMatchObject({ id: me.id, name: 'Karim', tv: 1 });

    expect((await t.request('GET', `/api/users/${me.id}`, { as: otherSession })).status).toBe(401);
    expect((await t.request('GET', `/api/users/${me.id}`, { as: me.token })).status).toBe(401);
    expect((await t.request('GET', `/api/users/${me.id}`, { as: token })).status).toBe(200);
    expect((await signIn(me.email, me.password)).status).toBe(401);
    expect((await signIn(me.email, 'brand-new-pass-1')).status).toBe(200);
  });

  it('validates name and email like signup', async () => {
    const me = await t.createUser();
    expect(errorOf(await update(me, { name: 'ab', email: me.email })).message).toMatch(/Name must be at least 3 characters/);
    expect(errorOf(await update(me, { name: 'Valid', email: 'nope' })).message).toMatch(/Please enter a valid email/);
  });
});

describe('PUT /api/users/address/{id}', () => {
  const save = (me: TestUser, book: unknown) => t.request('PUT', `/api/users/address/${me.id}`, { as: me, body: book });
  const book = async (me: TestUser): Promise<User['addressBook']> =>
    UserResponseSchema.parse((await t.request('GET', `/api/users/${me.id}`, { as: me })).body).data.addressBook;

  it('gives each new address an id and keeps ids across saves; a left-out address is removed', async () => {
    const me = await t.createUser();
    const first = await save(me, [ADDRESS, { ...ADDRESS, city: 'Giza', zipCode: 12511, floor: 0, apartment: 14 }]);
    expect(first.status).toBe(200);
    const saved = UserResponseSchema.parse(first.body).data.addressBook;
    expect(saved.map((a) => a.city)).toEqual(['Cairo', 'Giza']);
    expect(saved[1]).toMatchObject({ zipCode: '12511', floor: '0', apartment: '14' });
    expect(await book(me)).toEqual(saved);

    const [cairo, giza] = saved;
    const second = await save(me, [{ ...giza, street: 'Pyramids Rd.' }, { ...ADDRESS, city: 'Alexandria' }]);
    expect(second.status).toBe(200);
    const after = await book(me);
    expect(after.map((a) => a.city)).toEqual(['Giza', 'Alexandria']);
    expect(after[0]).toMatchObject({ _id: giza!._id, street: 'Pyramids Rd.' });
    expect(after.map((a) => a._id)).not.toContain(cairo!._id);

    expect((await save(me, [])).status).toBe(200);
    expect(await book(me)).toEqual([]);
  });

  it("refuses another shopper's address id with 404 and changes neither book", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const theirs = UserResponseSchema.parse((await save(other, [ADDRESS])).body).data.addressBook[0]!;
    await save(me, [{ ...ADDRESS, city: 'Mine' }]);
    const mineBefore = await storedUser(me.id);
    const theirsBefore = await storedUser(other.id);

    const res = await save(me, [{ ...ADDRESS, _id: theirs._id, city: 'Stolen' }]);
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('ADDRESS_NOT_FOUND');
    expect(await storedUser(me.id)).toEqual(mineBefore);
    expect(await storedUser(other.id)).toEqual(theirsBefore);
  });

  it.each([
    [{ ...ADDRESS, fullName: '' }, /Full name is required/],
    [{ ...ADDRESS, country: undefined }, /Country is required/],
    [{ ...ADDRESS, zipCode: '12a45' }, /Zip code must be a number/],
    [{ ...ADDRESS, floor: '' }, /Floor is required/],
    [{ ...ADDRESS, apartment: -3 }, /Apartment must be a number/],
    [{ ...ADDRESS, phoneNumber: 'call me' }, /Phone number/],
    [{ ...ADDRESS, street: 's'.repeat(121) }, /Street must be at most 120 characters/],
    [{ ...ADDRESS, extraDetails: 'e'.repeat(301) }, /Extra details must be at most 300 characters/],
    [{ ...ADDRESS, _id: 'not-an-id' }, /Invalid id/],
  ])('answers 400 naming the field for an invalid address and saves nothing (%#)', async (invalid, message) => {
    const me = await t.createUser();
    await save(me, [ADDRESS]);
    const before = await storedUser(me.id);
    const res = await save(me, [{ ...ADDRESS, city: 'Valid' }, invalid]);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(message);
    expect(await storedUser(me.id)).toEqual(before);
  });

  it('refuses a body that is not a list, the same address twice, and more than 20 addresses', async () => {
    const me = await t.createUser();
    expect(errorOf(await save(me, ADDRESS)).message).toMatch(/list of addresses/);
    const [saved] = UserResponseSchema.parse((await save(me, [ADDRESS])).body).data.addressBook;
    const twice = await save(me, [saved, saved]);
    expect(twice.status).toBe(400);
    expect(errorOf(twice).code).toBe('DUPLICATE_ADDRESS');
    expect(errorOf(await save(me, Array.from({ length: 21 }, () => ADDRESS))).message).toMatch(/at most 20 addresses/);
    expect(await book(me)).toHaveLength(1);
  });
});

describe('secrets stay secret', () => {
  it('never puts a password hash or a password in an answer or a log line', async () => {
    const me = await t.createUser({ password: 'log-canary-passphrase-1' });
    await t.request('PUT', `/api/users/${me.id}`, {
      as: me,
      body: { name: 'Canary', email: me.email, password: 'log-canary-passphrase-2', currentPassword: me.password },
    });
    await signIn(me.email, 'log-canary-wrong');
    const everything = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(0);
    expect(everything).not.toMatch(/argon2|log-canary|password_hash|passwordHash/);
    expect(everything).not.toContain(me.token);
  });
});
