import { z } from 'zod';

import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, STAFF_NAME_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from './limits';

/**
 * Back-office roles (issue #20): `owner` may do everything, staff management included;
 * `catalog` runs products, stock and CSV import/export; `support` orders and customers.
 */
export const StaffRoleSchema = z.enum(['owner', 'catalog', 'support']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** A staff member as the back office sees one. */
export const StaffSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type Staff = z.infer<typeof StaffSchema>;

/** A TOTP code as an authenticator app shows it: 6 digits (spaces a user typed are dropped). */
export const TwoFactorCodeSchema = z
  .string({ message: 'code is required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'code must be the 6 digits your authenticator app shows' }));

export function staffPasswordSchema(field: string) {
  return z
    .string({ message: `${field} is required` })
    .min(STAFF_PASSWORD_MIN_LENGTH, { message: `${field} must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long` })
    .max(PASSWORD_MAX_LENGTH, { message: `${field} must be at most ${PASSWORD_MAX_LENGTH} characters long` });
}

/** Trimmed and lower-cased, like shoppers' emails. */
export const StaffEmailSchema = z
  .string({ message: 'email is required' })
  .trim()
  .min(1, { message: 'email is required' })
  .max(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  .regex(EMAIL_PATTERN, { message: 'email must be a valid email address' })
  .toLowerCase();

export const StaffNameSchema = z
  .string({ message: 'name is required' })
  .trim()
  .min(1, { message: 'name is required' })
  .max(STAFF_NAME_MAX_LENGTH, { message: `name must be at most ${STAFF_NAME_MAX_LENGTH} characters` });

/** `POST /api/admin/session`. Only presence is checked: a wrong value is a failed sign-in. */
export const StaffSignInBodySchema = z.object({
  email: z.string({ message: 'email is required' }).trim().min(1, { message: 'email is required' }).max(EMAIL_MAX_LENGTH).toLowerCase(),
  password: z.string({ message: 'password is required' }).min(1, { message: 'password is required' }).max(PASSWORD_MAX_LENGTH),
  /** The authenticator app's code, once the answer asked for it (`TWO_FACTOR_REQUIRED`). */
  code: z.string().max(20).nullish(),
});
export type StaffSignInBody = z.input<typeof StaffSignInBodySchema>;

/**
 * The answer of sign-in, `GET /api/admin/session` and setup: the staff member, and
 * `twoFactorSetupRequired: true` when the owner requires two-factor and this member has not
 * enrolled yet (the session then opens only the account's two-factor enrolment and sign-out).
 */
export const StaffSessionResponseSchema = z.object({
  data: z.object({
    staff: StaffSchema,
    twoFactorSetupRequired: z.literal(true).optional(),
  }),
});
export type StaffSessionResponse = z.infer<typeof StaffSessionResponseSchema>;

/** Error codes of sign-in the back office reacts to. */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';
export const TWO_FACTOR_INVALID = 'TWO_FACTOR_INVALID';
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';

/** `GET /api/admin/setup?token=`. */
export const SetupQuerySchema = z.object({ token: z.string({ message: 'token is required' }).min(1, { message: 'token is required' }).max(200) });

/** What a valid setup link is for: the first owner (email and name to choose) or an invited member (known). */
export const SetupInfoResponseSchema = z.object({
  data: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('first-owner') }),
    z.object({ kind: z.literal('invite'), email: z.string(), name: z.string(), role: StaffRoleSchema }),
  ]),
});
export type SetupInfoResponse = z.infer<typeof SetupInfoResponseSchema>;

/**
 * `POST /api/admin/setup`: the link's token and the password; `email` and `name` are required for
 * the first owner; for an invitation the invited email is kept and `name`, when sent, replaces the
 * one the owner typed.
 */
export const SetupBodySchema = z.object({
  token: z.string({ message: 'token is required' }).min(1, { message: 'token is required' }).max(200),
  email: StaffEmailSchema.optional(),
  name: StaffNameSchema.optional(),
  password: staffPasswordSchema('password'),
});
export type SetupBody = z.input<typeof SetupBodySchema>;

/** How long a staff member's password-reset link works (1 hour). */
export const STAFF_PASSWORD_RESET_MINUTES = 60;

/** `POST /api/admin/session/password-reset`: the email of the account whose password was forgotten. */
export const StaffPasswordResetBodySchema = z.object({ email: StaffEmailSchema });
export type StaffPasswordResetBody = z.input<typeof StaffPasswordResetBodySchema>;

/** The 202 of a reset request: the same words whether or not the email is a staff account's. */
export const StaffPasswordResetResponseSchema = z.object({ message: z.string() });
export type StaffPasswordResetResponse = z.infer<typeof StaffPasswordResetResponseSchema>;

/** `POST /api/admin/session/password-reset/confirm`: the mailed link's token and the new password. */
export const StaffPasswordResetConfirmBodySchema = z.object({
  token: z.string({ message: 'token is required' }).min(1, { message: 'token is required' }).max(200),
  password: staffPasswordSchema('password'),
});
export type StaffPasswordResetConfirmBody = z.input<typeof StaffPasswordResetConfirmBodySchema>;

/** A staff member in the owner's list. */
/**
 * A member in the owner's staff list: `invited` while an invited member has not chosen a password
 * yet; `twoFactor` once they signed in with two-factor set up.
 */
export const StaffListItemSchema = StaffSchema.extend({ disabled: z.boolean(), invited: z.boolean(), twoFactor: z.boolean() });
export type StaffListItem = z.infer<typeof StaffListItemSchema>;
export const StaffListResponseSchema = z.object({ data: z.array(StaffListItemSchema) });
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;
export const StaffItemResponseSchema = z.object({ data: StaffListItemSchema });
export type StaffItemResponse = z.infer<typeof StaffItemResponseSchema>;

/**
 * `POST /api/admin/staff`: with a `password` the account works at once; with `invite: true` (and
 * no password) the member is mailed a link (7 days) to choose one.
 */
export const CreateStaffBodySchema = z
  .object({
    email: StaffEmailSchema,
    name: StaffNameSchema,
    role: StaffRoleSchema,
    password: staffPasswordSchema('password').optional(),
    invite: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.invite === true && body.password !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'send either a password or invite: true, not both' });
    }
    if (body.invite !== true && body.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'password is required (or send invite: true to mail an invitation)' });
    }
  });
export type CreateStaffBody = z.input<typeof CreateStaffBodySchema>;

/** `PATCH /api/admin/staff/{id}`: a subset of the fields. */
export const UpdateStaffBodySchema = z
  .object({
    role: StaffRoleSchema.optional(),
    disabled: z.boolean().optional(),
    name: StaffNameSchema.optional(),
  })
  .strict();
export type UpdateStaffBody = z.input<typeof UpdateStaffBodySchema>;

export const StaffParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });
export type StaffParams = z.infer<typeof StaffParamsSchema>;

/** `PUT /api/admin/account/password`. */
export const ChangeStaffPasswordBodySchema = z.object({
  currentPassword: z.string({ message: 'currentPassword is required' }).min(1, { message: 'currentPassword is required' }).max(PASSWORD_MAX_LENGTH),
  newPassword: staffPasswordSchema('newPassword'),
});
export type ChangeStaffPasswordBody = z.input<typeof ChangeStaffPasswordBodySchema>;

/** `GET /api/admin/account`: one's own account and its two-factor state. */
export const StaffAccountResponseSchema = z.object({
  data: z.object({
    staff: StaffSchema,
    twoFactorEnabled: z.boolean(),
    /** The owner requires two-factor of every member. */
    twoFactorRequired: z.boolean(),
  }),
});
export type StaffAccountResponse = z.infer<typeof StaffAccountResponseSchema>;

/** `POST /api/admin/account/two-factor`: the secret as text, the `otpauth://` URL and a QR code (an SVG `data:` URL). */
export const TwoFactorEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;
export const TwoFactorEnrolmentResponseSchema = z.object({ data: TwoFactorEnrolmentSchema });
export type TwoFactorEnrolmentResponse = z.infer<typeof TwoFactorEnrolmentResponseSchema>;

/** `POST /api/admin/account/two-factor/confirm` and `DELETE /api/admin/account/two-factor`. */
export const TwoFactorCodeBodySchema = z.object({ code: TwoFactorCodeSchema });
export type TwoFactorCodeBody = z.input<typeof TwoFactorCodeBodySchema>;

/** `GET` / `PUT /api/admin/settings` (owner). */
export const ShopSettingsSchema = z.object({ requireTwoFactor: z.boolean() });
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;
export const ShopSettingsBodySchema = z.object({ requireTwoFactor: z.boolean({ message: 'requireTwoFactor must be true or false' }) });
export type ShopSettingsBody = z.infer<typeof ShopSettingsBodySchema>;
export const ShopSettingsResponseSchema = z.object({ data: ShopSettingsSchema });
export type ShopSettingsResponse = z.infer<typeof ShopSettingsResponseSchema>;
