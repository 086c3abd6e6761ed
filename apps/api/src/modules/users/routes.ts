import { ErrorResponseSchema } from '@dukkan/contracts/common';
import {
  AddressBookBodySchema,
  ForgotPasswordBodySchema,
  MessageResponseSchema,
  RESET_REQUESTED_MESSAGE,
  ResetPasswordBodySchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignUpBodySchema,
  UpdateUserBodySchema,
  UpdateUserResponseSchema,
  UserParamsSchema,
  UserResponseSchema,
} from '@dukkan/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import { currentUser, requireOwnAccount } from '../../lib/auth';
import type { CreationLimiter } from '../../lib/creation-limiter';
import type { FailureLimiter } from '../../lib/failure-limiter';
import { requestLanguage } from '../../lib/language';
import type { OutboxWorker } from '../../mail/outbox';
import { verifiedGuestCart } from '../cart/cart-owner';

import { PASSWORD_CHANGED_MESSAGE, requestPasswordReset, resetPassword } from './password-reset';
import { getUser, replaceAddressBook, signIn, signUp, updateUser } from './service';

interface UserRoutesOptions {
  db: Database;
  limiter: FailureLimiter;
  /** Sign-ups per client address (`SIGNUP_LIMIT`). */
  creationLimiter: CreationLimiter;
  outbox: OutboxWorker;
  /** The shop's address, for links in mail (`PUBLIC_URL`). */
  publicUrl: string;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const security = [{ token: [] }];

/** Accounts (spec section 7): sign up, sign in, read and change one's own profile and address book. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { db, limiter, creationLimiter, outbox, publicUrl }) => {
  // Every answer here is about one shopper: never stored by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/users/signup',
    {
      schema: {
        tags: ['users'],
        summary: 'Create an account; at most `SIGNUP_LIMIT` (default 200) per client address per 10 minutes, then 429',
        body: SignUpBodySchema,
        response: { 201: UserResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Counted before the password is hashed; a sign-up that creates no account is given back.
      const giveBack = await creationLimiter.take('signup', request.ip);
      const user = await signUp(db, request.body).catch(async (error: unknown) => {
        await giveBack();
        throw error;
      });
      return reply.code(201).send({ data: user });
    },
  );

  app.post(
    '/users/signin',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign in: a token (header `token` on later calls) and the user; a guest cart sent in `token2` is merged',
        body: SignInBodySchema,
        response: { 200: SignInResponseSchema, ...errors },
      },
    },
    async (request) => {
      // A token2 that is not ours is ignored: it must never stand in the way of signing in.
      const identity = verifiedGuestCart(request.headers.token2, app.tokens);
      const guestCart = identity ? { identity, lng: requestLanguage(request) } : undefined;
      return signIn(db, request.body, { limiter, tokens: app.tokens, clientAddress: request.ip }, guestCart);
    },
  );

  app.post(
    '/users/forgot-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Mail a single-use link (30 minutes) to reset the password; the same answer whether the email has an account or not',
        body: ForgotPasswordBodySchema,
        response: { 202: MessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, request.body.email, {
        limiter,
        clientAddress: request.ip,
        lng: requestLanguage(request),
        publicUrl,
        outbox,
      });
      return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a new password with the token of a reset link; ends every session',
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(db, request.body);
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: requireOwnAccount,
      schema: {
        tags: ['users'],
        summary: 'One’s own account with its address book',
        security,
        params: UserParamsSchema,
        response: { 200: UserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await getUser(db, user.id) };
    },
  );

  app.put(
    '/users/:id',
    {
      onRequest: requireOwnAccount,
      schema: {
        tags: ['users'],
        summary: 'Change name, email, marketing consent and the password (a new email or password needs the current one)',
        security,
        params: UserParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: UpdateUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return updateUser(db, user.id, request.body, { limiter, tokens: app.tokens, clientAddress: request.ip, outbox, publicUrl, lng: requestLanguage(request) });
    },
  );

  app.put(
    '/users/address/:id',
    {
      onRequest: requireOwnAccount,
      schema: {
        tags: ['users'],
        summary: 'Replace the address book with the list sent (entries with `_id` are kept)',
        security,
        params: UserParamsSchema,
        body: AddressBookBodySchema,
        response: { 200: UserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await replaceAddressBook(db, user.id, request.body) };
    },
  );
};
