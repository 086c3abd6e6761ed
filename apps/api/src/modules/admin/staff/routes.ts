import {
  ChangeStaffPasswordBodySchema,
  CreateStaffBodySchema,
  SetupBodySchema,
  SetupInfoResponseSchema,
  SetupQuerySchema,
  ShopSettingsBodySchema,
  ShopSettingsResponseSchema,
  StaffAccountResponseSchema,
  StaffItemResponseSchema,
  StaffListResponseSchema,
  StaffParamsSchema,
  StaffPasswordResetBodySchema,
  StaffPasswordResetConfirmBodySchema,
  StaffPasswordResetResponseSchema,
  StaffSessionResponseSchema,
  StaffSignInBodySchema,
  TwoFactorCodeBodySchema,
  TwoFactorEnrolmentResponseSchema,
  UpdateStaffBodySchema,
  type Staff,
  type StaffSessionResponse,
} from '@dukkan/contracts/admin-staff';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { XSRF_COOKIE } from '@dukkan/contracts/xsrf';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../../db/client';
import { acceptEmptyJsonBodies } from '../../../lib/empty-body';
import type { FailureLimiter } from '../../../lib/failure-limiter';
import { requestLanguage } from '../../../lib/language';
import type { Metrics } from '../../../lib/metrics';
import type { OutboxWorker } from '../../../mail/outbox';
import { auditActorOf } from '../audit/record';
import { currentStaff, requireStaff } from '../guard';
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '../session';

import { createStaff, listStaff, resendInvitation, updateStaff } from './accounts';
import { confirmStaffPasswordReset, requestStaffPasswordReset, RESET_REQUESTED_MESSAGE } from './password-reset';
import { completeSetup, ensureFirstOwner, readSetupLink } from './setup';
import { changeOwnPassword, signInStaff, signOutStaff, type NewStaffSession } from './sign-in';
import { confirmEnrolment, disableOwnTwoFactor, isTwoFactorRequired, readTwoFactorState, resetTwoFactor, setTwoFactorRequired, startEnrolment } from './two-factor';

export interface StaffRoutesOptions {
  db: Database;
  /** Failed staff sign-ins (its own counters: `dukkan:staff-fail`). */
  limiter: FailureLimiter;
  outbox: OutboxWorker;
  /** The shop's address: setup and invitation links, and whether cookies are `Secure`. */
  publicUrl: string;
  /** OWNER_EMAIL and OWNER_PASSWORD, when set. */
  firstOwner: { email: string; password: string } | undefined;
  /** Counts failed staff sign-ins (`dukkan_signin_failures_total{who="staff"}`). */
  metrics?: Metrics;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  410: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const tags = ['admin-staff'];

/**
 * Staff accounts, sign-in, sessions, two-factor and staff management, under `/api/admin`
 * (issue #20, decision 0033). Sign-in, setup and the password reset by mail are open (no session
 * exists to forge, so no XSRF check); everything else is behind
 * `requireStaff` (session, XSRF on writes, role).
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { db, limiter, outbox, publicUrl, firstOwner, metrics }) => {
  const secure = publicUrl.startsWith('https:');
  // A client sending its JSON content type on body-less writes (sign-out, enrolment, reset).
  acceptEmptyJsonBodies(app);

  // The first owner, or the link that creates one, once the app is ready.
  app.addHook('onReady', async () => {
    await ensureFirstOwner(db, { firstOwner, publicUrl, log: app.log });
  });

  /** The session cookie (HttpOnly, only to /api/admin) and the XSRF cookie the back office's script reads. */
  function setSessionCookies(reply: FastifyReply, session: NewStaffSession): void {
    void reply.setCookie(SESSION_COOKIE, session.token, { path: SESSION_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, expires: session.expiresAt });
    void reply.setCookie(XSRF_COOKIE, session.xsrfToken, { path: '/', httpOnly: false, sameSite: 'strict', secure, expires: session.expiresAt });
  }
  function clearSessionCookies(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });
    void reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'strict', secure });
  }
  const sessionAnswer = (member: Staff, twoFactorSetupRequired: boolean): StaffSessionResponse => ({
    data: { staff: member, ...(twoFactorSetupRequired ? { twoFactorSetupRequired: true as const } : {}) },
  });

  const signedIn = requireStaff(db, undefined, { duringTwoFactorSetup: true });
  const ownerOnly = requireStaff(db, ['owner']);

  app.post(
    '/session',
    {
      schema: {
        tags,
        summary: 'Staff sign-in: email, password and, with two-factor on, `code`; sets the session and XSRF-TOKEN cookies',
        body: StaffSignInBodySchema,
        response: { 200: StaffSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await signInStaff(db, request.body, { limiter, clientAddress: request.ip, onFailure: () => metrics?.staffSignInFailed() });
      setSessionCookies(reply, result.session);
      return sessionAnswer(result.staff, result.twoFactorSetupRequired);
    },
  );

  app.get(
    '/session',
    { onRequest: signedIn, schema: { tags, summary: 'The signed-in staff member, or 401', response: { 200: StaffSessionResponseSchema, ...errors } } },
    (request) => {
      const principal = currentStaff(request);
      return Promise.resolve(sessionAnswer({ _id: principal.id, email: principal.email, name: principal.name, role: principal.role }, principal.twoFactorSetupRequired));
    },
  );

  app.delete(
    '/session',
    { onRequest: signedIn, schema: { tags, summary: 'Sign out: the session ends and its cookies are cleared', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await signOutStaff(db, currentStaff(request).sessionHash, auditActorOf(request));
      clearSessionCookies(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/session/password-reset',
    {
      schema: {
        tags,
        summary: 'Forgot the password: mail the member a single-use link (1 hour) to choose a new one; 202 whether or not the email is a staff account',
        body: StaffPasswordResetBodySchema,
        response: { 202: StaffPasswordResetResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const queued = await requestStaffPasswordReset(db, request.body.email, { limiter, clientAddress: request.ip, lng: requestLanguage(request), publicUrl });
      if (queued) outbox.wake();
      return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/session/password-reset/confirm',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link’s token: the link is used up and every session of the member ends',
        body: StaffPasswordResetConfirmBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await confirmStaffPasswordReset(db, request.body, { address: request.ip });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/setup',
    {
      schema: {
        tags,
        summary: 'What a setup link is for (first owner or invitation); 404 unknown, 410 expired or used',
        querystring: SetupQuerySchema,
        response: { 200: SetupInfoResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await readSetupLink(db, request.query.token) }),
  );

  app.post(
    '/setup',
    {
      schema: {
        tags,
        summary: 'Use a setup link once: create the first owner, or choose an invited member’s password; then signed in',
        body: SetupBodySchema,
        response: { 201: StaffSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await completeSetup(db, request.body, { address: request.ip });
      setSessionCookies(reply, result.session);
      // Two-factor may be required by the owner for an invited member: enrolment comes next.
      const setupRequired = await isTwoFactorRequired(db);
      return reply.code(201).send(sessionAnswer(result.staff, setupRequired));
    },
  );

  app.get(
    '/account',
    { onRequest: signedIn, schema: { tags, summary: 'One’s own account and its two-factor state', response: { 200: StaffAccountResponseSchema, ...errors } } },
    async (request) => {
      const principal = currentStaff(request);
      const twoFactor = await readTwoFactorState(db, principal.id);
      return { data: { staff: { _id: principal.id, email: principal.email, name: principal.name, role: principal.role }, ...twoFactor } };
    },
  );

  app.put(
    '/account/password',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change one’s password: every session ends, this one is renewed (new cookies)',
        body: ChangeStaffPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const session = await changeOwnPassword(db, currentStaff(request), request.body, { limiter, clientAddress: request.ip });
      setSessionCookies(reply, session);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/two-factor',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Start two-factor enrolment: the secret, its otpauth URL and a QR code', response: { 200: TwoFactorEnrolmentResponseSchema, ...errors } },
    },
    async (request) => ({ data: await startEnrolment(db, currentStaff(request).id) }),
  );

  app.post(
    '/account/two-factor/confirm',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Turn two-factor on with a code of the new secret', body: TwoFactorCodeBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await confirmEnrolment(db, currentStaff(request).id, request.body.code, { actor: auditActorOf(request) });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/account/two-factor',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Turn one’s two-factor off with a current code (409 while the owner requires it)', body: TwoFactorCodeBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await disableOwnTwoFactor(db, currentStaff(request).id, request.body.code, { actor: auditActorOf(request) });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/settings',
    { onRequest: ownerOnly, schema: { tags, summary: 'The shop’s back-office settings (owner)', response: { 200: ShopSettingsResponseSchema, ...errors } } },
    async () => ({ data: { requireTwoFactor: await isTwoFactorRequired(db) } }),
  );

  app.put(
    '/settings',
    {
      onRequest: ownerOnly,
      schema: { tags, summary: 'Require two-factor of every staff member, or not (owner)', body: ShopSettingsBodySchema, response: { 200: ShopSettingsResponseSchema, ...errors } },
    },
    async (request) => {
      await setTwoFactorRequired(db, request.body.requireTwoFactor, auditActorOf(request));
      return { data: { requireTwoFactor: request.body.requireTwoFactor } };
    },
  );

  app.get(
    '/staff',
    { onRequest: ownerOnly, schema: { tags, summary: 'Every staff member (owner)', response: { 200: StaffListResponseSchema, ...errors } } },
    async () => ({ data: await listStaff(db) }),
  );

  app.post(
    '/staff',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        summary: 'Add a staff member with a password, or invite one by mail (`invite: true`, a 7-day link) (owner)',
        body: CreateStaffBodySchema,
        response: { 201: StaffItemResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const owner = currentStaff(request);
      const member = await createStaff(db, request.body, { publicUrl, lng: requestLanguage(request), invitedBy: owner.name }, auditActorOf(request));
      if (request.body.invite) outbox.wake();
      return reply.code(201).send({ data: member });
    },
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        summary: 'Change a member’s role, name or disabled flag; a role change or disabling ends their sessions (owner)',
        params: StaffParamsSchema,
        body: UpdateStaffBodySchema,
        response: { 200: StaffItemResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await updateStaff(db, request.params.id, request.body, auditActorOf(request)) }),
  );

  app.post(
    '/staff/:id/invite',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        summary: 'Mail an invited member a new link (7 days); earlier links stop working; 409 once they chose a password (owner)',
        params: StaffParamsSchema,
        response: { 200: StaffItemResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = await resendInvitation(db, request.params.id, { publicUrl, lng: requestLanguage(request), invitedBy: currentStaff(request).name }, auditActorOf(request));
      outbox.wake();
      return { data: member };
    },
  );

  app.post(
    '/staff/:id/two-factor/reset',
    {
      onRequest: ownerOnly,
      schema: { tags, summary: 'Clear a member’s two-factor and end their sessions (owner)', params: StaffParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await resetTwoFactor(db, request.params.id, auditActorOf(request));
      return reply.code(204).send(null);
    },
  );
};
