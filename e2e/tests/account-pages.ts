import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';

/** The address form's fields, in the order the form shows them. */
export const ADDRESS_FIELDS = [
  'fullName',
  'phoneNumber',
  'country',
  'city',
  'area',
  'street',
  'building',
  'floor',
  'apartment',
  'zipCode',
  'extraDetails',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Spec section 5: the fields a new address cannot go without. */
export const REQUIRED_ADDRESS_FIELDS: readonly AddressField[] = ['fullName', 'phoneNumber', 'country', 'city', 'street', 'floor', 'apartment', 'zipCode'];

/** Spec section 3: zip code, floor and apartment are numeric inputs. */
export const NUMERIC_ADDRESS_FIELDS: readonly AddressField[] = ['floor', 'apartment', 'zipCode'];

export const SAMPLE_ADDRESS: Record<AddressField, string> = {
  fullName: 'Layla Hassan',
  phoneNumber: '+20 100 123 4567',
  country: 'Egypt',
  city: 'Cairo',
  area: 'Zamalek',
  street: '26th of July Street',
  building: '12',
  floor: '3',
  apartment: '7',
  zipCode: '11211',
  extraDetails: 'Ring twice',
};

/**
 * The texts the accounts pages show, in the shape of `public/locales/{lng}/account.json` (and the
 * header's part of `common.json`). English comes from the UI contract word for word; Arabic is
 * read from the translation files, so the tests follow them.
 */
export const ENGLISH = {
  login: {
    title: 'Sign in or create your account',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Continue',
    createAccount: 'Create an account',
  },
  register: {
    title: 'Create your Dukkan account',
    firstName: 'First name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    showPasswords: 'Show passwords',
    hidePasswords: 'Hide passwords',
    keepSignedIn: 'Keep me signed in',
    marketing: 'Email me offers and news from Dukkan',
    submit: 'Create Account',
    signIn: 'Sign in',
  },
  profile: {
    title: 'My Account',
    menuLabel: 'Account menu',
    menu: { profile: 'My Profile', address: 'Address Book', pastOrders: 'Past Orders', upcomingOrders: 'Upcoming Orders' },
    editTitle: 'Edit profile',
    addressTitle: 'Address Book',
    addressEmpty: "You didn't add any address yet!",
    fullName: 'Full name',
    email: 'Email',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    cancel: 'Cancel',
    save: 'Save Changes',
    addressAdd: 'Add a new address',
    addressFormTitle: 'New address',
    addressSave: 'Save address',
    addressCancel: 'Cancel',
    fields: {
      fullName: 'Full name',
      phoneNumber: 'Phone number',
      country: 'Country',
      city: 'City',
      area: 'Area',
      street: 'Street',
      building: 'Building',
      floor: 'Floor',
      apartment: 'Apartment',
      zipCode: 'Zip code',
      extraDetails: 'Extra details',
    } satisfies Record<AddressField, string>,
  },
  errors: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters long',
    firstNameRequired: 'First name is required',
    confirmRequired: 'Please confirm your password',
    mismatch: 'Password mismatch',
    nameRequired: 'Name is required',
    nameMin: 'Name must be at least 3 characters',
    profileEmailInvalid: 'Invalid Email',
    newPasswordRequired: 'New password is required',
    confirmNewRequired: 'Please confirm your new password',
    /** `{{field}}` is the field's label. */
    fieldRequired: '{{field}} is required',
  },
  header: { signIn: 'Sign in', register: 'Register', greeting: 'Hi, {{name}}', logout: 'Logout' },
};
export type AccountTexts = typeof ENGLISH;

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/locales');

function readLocale(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

/** `data` cut to `shape`'s keys; throws, naming the key, when one is missing or not text. */
function pick<T>(shape: T, data: unknown, where: string): T {
  if (typeof shape === 'string') {
    if (typeof data !== 'string' || data.trim() === '') throw new Error(`${where} is missing from the translation file`);
    return data as T;
  }
  const source = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(shape as Record<string, unknown>).map(([key, value]) => [key, pick(value, source[key], `${where}.${key}`)]),
  ) as T;
}

/** The accounts texts of `language`, read from the web app's translation files now. */
export function readAccountTexts(language: 'en' | 'ar'): AccountTexts {
  const { header, ...account } = ENGLISH;
  const common = readLocale(language, 'common') as { header?: unknown };
  return {
    ...pick(account, readLocale(language, 'account'), `${language}/account.json`),
    header: pick(header, common.header, `${language}/common.json header`),
  };
}

/** Fills `{{name}}` placeholders the way i18next does. */
export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeRegExp(text: string): RegExp {
  return new RegExp(escaped(text));
}

/** `<html dir lang>` of the page. */
export async function expectDocumentLanguage(page: Page, language: 'en' | 'ar'): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang })))
    .toEqual({ dir: language === 'ar' ? 'rtl' : 'ltr', lang: language });
}

/**
 * The field shows `message` and a screen reader announces it with the field: the field is
 * invalid and its accessible description (aria-describedby) holds the message.
 */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field.page().getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(escapeRegExp(message));
}

/** A message in a role="alert" region: announced the moment it appears. */
export async function expectAlert(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
}

/** A toast (react-hot-toast renders each as a polite role="status" live region). */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
}

/** The requests the page makes to `pathname` (any method), collected from now on. */
export function watchRequests(page: Page, pathname: string | RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname: requested } = new URL(request.url());
    if (typeof pathname === 'string' ? requested === pathname : pathname.test(requested)) seen.push(`${request.method()} ${requested}`);
  });
  return seen;
}

/**
 * A form field found by its label: the label's words, then at most the required mark (MUI adds
 * ' *' to a required field's label).
 */
export function field(page: Page | Locator, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escaped(label)}(?:\\s*\\*)?$`));
}

/**
 * The accounts pages in one language: every field has a label, every error shown is announced,
 * and axe-core finds no serious or critical violation, as first shown and with errors showing.
 */
export function describeAccountsAccessibility(language: 'en' | 'ar', texts: () => AccountTexts): void {
  test.describe(`accounts accessibility in ${language}`, () => {
    // Each test scans the page with axe two or three times, some 5 s a scan on a busy machine.
    test.slow(() => true, 'several axe scans per test');
    test.beforeEach(async ({ useLanguage }) => {
      await useLanguage(language);
    });

    test('/login has labelled fields and announced errors, with no serious axe violation', async ({ page, expectAccessible }) => {
      const t = texts();
      await page.goto('/login');
      await expectDocumentLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1, name: t.login.title })).toBeVisible();
      const email = field(page, t.login.email);
      const password = field(page, t.login.password);
      await expect(email).toBeVisible();
      await expect(password).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: t.login.submit }).click();
      await expectFieldError(email, t.errors.emailRequired);
      await expectFieldError(password, t.errors.passwordRequired);
      await expectAccessible(page);
    });

    test('/register has labelled fields and announced errors, with no serious axe violation', async ({ page, expectAccessible }) => {
      const t = texts();
      await page.goto('/register');
      await expectDocumentLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1, name: t.register.title })).toBeVisible();
      const fields = {
        firstName: field(page, t.register.firstName),
        email: field(page, t.register.email),
        password: field(page, t.register.password),
        confirm: field(page, t.register.confirmPassword),
      };
      for (const input of Object.values(fields)) await expect(input).toBeVisible();
      await expect(page.getByRole('checkbox', { name: t.register.keepSignedIn })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: t.register.marketing })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: t.register.submit }).click();
      await expectFieldError(fields.firstName, t.errors.firstNameRequired);
      await expectFieldError(fields.email, t.errors.emailInvalid);
      await expectFieldError(fields.password, t.errors.passwordRequired);
      await expectFieldError(fields.confirm, t.errors.confirmRequired);
      await expectAccessible(page);

      await fields.firstName.fill('Layla');
      await fields.email.fill('layla@example.com');
      await fields.password.fill('first-secret-1');
      await fields.confirm.fill('other-secret-2');
      await page.getByRole('button', { name: t.register.submit }).click();
      await expectAlert(page, t.errors.mismatch);
      await expectAccessible(page);
    });

    test('/userprofile has labelled fields and announced errors, with no serious axe violation', async ({
      page,
      signedInShopper,
      expectAccessible,
    }) => {
      const t = texts();
      await page.goto('/userprofile');
      await expectDocumentLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1, name: t.profile.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t.profile.editTitle })).toBeVisible();
      const name = field(page, t.profile.fullName);
      await expect(name).toHaveValue(signedInShopper.name);
      const passwords = [t.profile.currentPassword, t.profile.newPassword, t.profile.confirmNewPassword].map((label) => field(page, label));
      await expect(field(page, t.profile.email)).toBeVisible();
      for (const input of passwords) await expect(input).toBeVisible();
      await expectAccessible(page);

      await name.fill('');
      await passwords[0]!.fill(signedInShopper.password);
      await page.getByRole('button', { name: t.profile.save }).click();
      await expectFieldError(name, t.errors.nameRequired);
      await expectFieldError(passwords[1]!, t.errors.newPasswordRequired);
      await expectFieldError(passwords[2]!, t.errors.confirmNewRequired);
      await expectAccessible(page);
    });

    test('the address book and its form have labelled fields and announced errors, with no serious axe violation', async ({
      page,
      signedInShopper,
      expectAccessible,
    }) => {
      const t = texts();
      await page.goto('/userprofile/address');
      await expectDocumentLanguage(page, language);
      await expect(page.getByRole('heading', { level: 2, name: t.profile.addressTitle })).toBeVisible();
      await expect(page.getByText(t.profile.addressEmpty)).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: format(t.header.greeting, { name: signedInShopper.name }) })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: t.profile.addressAdd }).click();
      await expect(page.getByRole('heading', { level: 3, name: t.profile.addressFormTitle })).toBeVisible();
      for (const name of ADDRESS_FIELDS) await expect(field(page, t.profile.fields[name])).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: t.profile.addressSave }).click();
      for (const name of REQUIRED_ADDRESS_FIELDS) {
        const label = t.profile.fields[name];
        await expectFieldError(field(page, label), format(t.errors.fieldRequired, { field: label }));
      }
      await expectAccessible(page);
    });
  });
}
