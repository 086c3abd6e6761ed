import {
  ADDRESS_FIELDS,
  describeAccountsAccessibility,
  expectAlert,
  expectDocumentLanguage,
  expectFieldError,
  field,
  format,
  readAccountTexts,
  watchRequests,
  type AccountTexts,
} from './account-pages';
import { ARABIC, expect, test } from './fixtures';

/** The Arabic texts, read from the web app's translation files when the tests run. */
let ar: AccountTexts;
test.beforeAll(() => {
  ar = readAccountTexts('ar');
});

test.describe('accounts in Arabic', () => {
  test.beforeEach(async ({ useLanguage }) => {
    await useLanguage('ar');
  });

  test('/login is right-to-left and Arabic, and says what is missing in Arabic', async ({ page }) => {
    const signIns = watchRequests(page, '/api/users/signin');
    await page.goto('/login');
    await expectDocumentLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 1, name: ar.login.title })).toBeVisible();
    expect(ar.login.title).toMatch(ARABIC);
    const email = field(page, ar.login.email);
    const password = field(page, ar.login.password);
    await expect(email).toBeVisible();
    await expect(password).toBeVisible();
    await expect(page.getByRole('button', { name: ar.login.showPassword })).toBeVisible();
    await expect(page.getByRole('link', { name: ar.login.createAccount })).toHaveAttribute('href', '/register');

    await page.getByRole('button', { name: ar.login.submit }).click();
    await expectFieldError(email, ar.errors.emailRequired);
    await expectFieldError(password, ar.errors.passwordRequired);
    await email.fill('layla@example.com');
    await password.fill('12345');
    await page.getByRole('button', { name: ar.login.submit }).click();
    await expectFieldError(password, ar.errors.passwordMin);
    expect(signIns).toEqual([]);
  });

  test('/register is right-to-left and Arabic, and says "Password mismatch" in Arabic', async ({ page }) => {
    const signUps = watchRequests(page, '/api/users/signup');
    await page.goto('/register');
    await expectDocumentLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 1, name: ar.register.title })).toBeVisible();
    const firstName = field(page, ar.register.firstName);
    const email = field(page, ar.register.email);
    const password = field(page, ar.register.password);
    const confirm = field(page, ar.register.confirmPassword);
    for (const input of [firstName, email, password, confirm]) await expect(input).toBeVisible();
    await expect(page.getByRole('checkbox', { name: ar.register.keepSignedIn })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: ar.register.marketing })).toBeChecked();
    await expect(page.getByRole('button', { name: ar.register.showPasswords })).toBeVisible();
    await expect(page.getByRole('link', { name: ar.register.signIn })).toHaveAttribute('href', '/login');

    await page.getByRole('button', { name: ar.register.submit }).click();
    await expectFieldError(firstName, ar.errors.firstNameRequired);
    await expectFieldError(confirm, ar.errors.confirmRequired);

    await firstName.fill('ليلى');
    await email.fill('layla@example.com');
    await password.fill('first-secret-1');
    await confirm.fill('other-secret-2');
    await page.getByRole('button', { name: ar.register.submit }).click();
    await expectAlert(page, ar.errors.mismatch);
    expect(signUps).toEqual([]);
  });

  test('/userprofile is right-to-left and Arabic: menu, profile form, address book and its form', async ({ page, signedInShopper }) => {
    await page.goto('/userprofile');
    await expectDocumentLanguage(page, 'ar');
    await expect(page.getByRole('banner').getByRole('link', { name: format(ar.header.greeting, { name: signedInShopper.name }) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: ar.profile.title })).toBeVisible();
    const menu = page.getByRole('navigation', { name: ar.profile.menuLabel });
    for (const label of Object.values(ar.profile.menu)) await expect(menu.getByRole('link', { name: label })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: ar.profile.editTitle })).toBeVisible();
    const name = field(page, ar.profile.fullName);
    await expect(name).toHaveValue(signedInShopper.name);
    for (const label of [ar.profile.email, ar.profile.currentPassword, ar.profile.newPassword, ar.profile.confirmNewPassword]) {
      await expect(field(page, label)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: ar.profile.cancel })).toBeVisible();
    await name.fill('عل');
    await page.getByRole('button', { name: ar.profile.save }).click();
    await expectFieldError(name, ar.errors.nameMin);

    await menu.getByRole('link', { name: ar.profile.menu.address }).click();
    await expect(page).toHaveURL(/\/userprofile\/address$/);
    await expect(page.getByRole('heading', { level: 2, name: ar.profile.addressTitle })).toBeVisible();
    await expect(page.getByText(ar.profile.addressEmpty)).toBeVisible();
    await page.getByRole('button', { name: ar.profile.addressAdd }).click();
    await expect(page.getByRole('heading', { level: 3, name: ar.profile.addressFormTitle })).toBeVisible();
    for (const key of ADDRESS_FIELDS) await expect(field(page, ar.profile.fields[key])).toBeVisible();
    await page.getByRole('button', { name: ar.profile.addressSave }).click();
    const city = ar.profile.fields.city;
    await expectFieldError(field(page, city), format(ar.errors.fieldRequired, { field: city }));
  });
});

describeAccountsAccessibility('ar', () => ar);
