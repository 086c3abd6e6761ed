import { z } from 'zod';

import { CartMergeSchema } from './cart';
import { IdSchema, dataSchema } from './common';
import {
  ADDRESS_MAX_LENGTHS,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_MINUTES,
  PHONE_PATTERN,
} from './limits';

export { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RESET_MINUTES };

/** How many saved addresses one shopper may keep. */
export const MAX_ADDRESSES = 20;

export const NameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .min(NAME_MIN_LENGTH, { message: `Name must be at least ${NAME_MIN_LENGTH} characters` })
  .max(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters` });

/** Trimmed and lower-cased: `Sara@Example.COM ` and `sara@example.com` are one account. */
export const EmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required' })
  .max(EMAIL_MAX_LENGTH, { message: `Email must be at most ${EMAIL_MAX_LENGTH} characters` })
  .regex(EMAIL_PATTERN, { message: 'Please enter a valid email' })
  .toLowerCase();

export const PasswordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long` })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` });

/** `POST /api/users/signup`. Unknown fields (e.g. `role`) are dropped, never stored. */
export const SignUpBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  /** The register form's marketing-email checkbox; saved on the user. */
  marketingEmails: z.boolean().optional().default(false),
});
export type SignUpBody = z.input<typeof SignUpBodySchema>;

/** `POST /api/users/signin`. Only presence is checked: a wrong value is a failed sign-in. */
export const SignInBodySchema = z.object({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, { message: 'Email is required' })
    .max(EMAIL_MAX_LENGTH, { message: 'Invalid username or password.' })
    .toLowerCase(),
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH, { message: 'Invalid username or password.' }),
});
export type SignInBody = z.input<typeof SignInBodySchema>;

/** Digits only (zip code, floor, apartment are numeric inputs); a number is accepted too. */
function numericField(label: string, max: number) {
  return z
    .union([z.string(), z.number()], { message: `${label} is required` })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, { message: `${label} is required` })
        .max(max, { message: `${label} must be at most ${max} digits` })
        .regex(/^\d+$/, { message: `${label} must be a number` }),
    );
}

function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });
}

function optionalText(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => value ?? '');
}

/** Spec section 3's address fields with the bounds the API enforces (section 5 names the required ones). */
export const AddressInputSchema = z.object({
  /** Present on an address the shopper saved before; absent on a new one. */
  _id: IdSchema.optional(),
  fullName: requiredText('Full name', ADDRESS_MAX_LENGTHS.fullName),
  phoneNumber: z
    .string({ message: 'Phone number is required' })
    .trim()
    .min(1, { message: 'Phone number is required' })
    .max(ADDRESS_MAX_LENGTHS.phoneNumber, { message: `Phone number must be at most ${ADDRESS_MAX_LENGTHS.phoneNumber} characters` })
    .regex(PHONE_PATTERN, { message: 'Phone number must contain digits only' }),
  country: requiredText('Country', ADDRESS_MAX_LENGTHS.country),
  city: requiredText('City', ADDRESS_MAX_LENGTHS.city),
  area: optionalText('Area', ADDRESS_MAX_LENGTHS.area),
  street: requiredText('Street', ADDRESS_MAX_LENGTHS.street),
  building: optionalText('Building', ADDRESS_MAX_LENGTHS.building),
  floor: numericField('Floor', ADDRESS_MAX_LENGTHS.floor),
  apartment: numericField('Apartment', ADDRESS_MAX_LENGTHS.apartment),
  zipCode: numericField('Zip code', ADDRESS_MAX_LENGTHS.zipCode),
  extraDetails: optionalText('Extra details', ADDRESS_MAX_LENGTHS.extraDetails),
});
export type AddressInput = z.input<typeof AddressInputSchema>;

/** `PUT /api/users/address/{id}`: the whole address book as the client last read it. */
export const AddressBookBodySchema = z
  .array(AddressInputSchema, { message: 'The body must be the list of addresses' })
  .max(MAX_ADDRESSES, { message: `An address book holds at most ${MAX_ADDRESSES} addresses` });

/** A saved address; numeric fields are answered as digit strings (a zip code may start with 0). */
export const AddressSchema = z.object({
  _id: IdSchema,
  fullName: z.string(),
  phoneNumber: z.string(),
  country: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  zipCode: z.string(),
  extraDetails: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

/** A shopper as the API shows them: never a password or its hash. */
export const UserSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  marketingEmails: z.boolean(),
  addressBook: z.array(AddressSchema),
});
export type User = z.infer<typeof UserSchema>;

export const UserParamsSchema = z.object({ id: IdSchema });

/**
 * `PUT /api/users/{id}`: what to change; a field left out stays as it is. `password` (the new
 * one), and an `email` other than the current one, only with `currentPassword`, which the server
 * checks. `marketingEmails` sets the marketing consent either way.
 */
export const UpdateUserBodySchema = z
  .object({
    name: NameSchema.optional(),
    email: EmailSchema.optional(),
    password: PasswordSchema.optional(),
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    marketingEmails: z.boolean().optional(),
  })
  .refine((body) => body.password === undefined || (body.currentPassword ?? '') !== '', {
    message: 'Enter your current password to set a new one',
    path: ['currentPassword'],
  });
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

/** The payload of the signed-in shopper's token (HS256); the client decodes `id` and `name`. */
export const TokenPayloadSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Token version: a password change raises the user's, ending every older token. */
  tv: z.number().int().nonnegative(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

export const UserResponseSchema = dataSchema(UserSchema);
export type UserResponse = z.infer<typeof UserResponseSchema>;

/**
 * `POST /api/users/signin`: the token (spec: saved under storage key `token`) and the user. When
 * the request carried a guest cart (`token2`), `cart` says what was merged into the shopper's
 * cart; the guest cart is gone afterwards. Absent without a (valid) guest cart.
 */
export const SignInResponseSchema = z.object({
  token: z.string(),
  data: UserSchema,
  cart: CartMergeSchema.optional(),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/**
 * `PUT /api/users/{id}`: the user and a fresh token for this session (it carries the new name;
 * after a password change, the old token no longer works).
 */
export const UpdateUserResponseSchema = z.object({
  data: UserSchema,
  token: z.string(),
});
export type UpdateUserResponse = z.infer<typeof UpdateUserResponseSchema>;

/** The one answer of `POST /api/users/forgot-password`, whether the address has an account or not. */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for this email, we have sent it a link to reset the password.';

/** `POST /api/users/forgot-password`. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** `POST /api/users/reset-password`: the link's token and the new password. */
export const ResetPasswordBodySchema = z.object({
  token: z.string({ message: 'The reset link is incomplete' }).min(20, { message: 'The reset link is incomplete' }).max(200),
  password: PasswordSchema,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

/** An answer that only says what happened. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
