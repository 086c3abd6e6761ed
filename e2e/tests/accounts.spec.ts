import type { APIRequestContext, Page, Route } from '@playwright/test';

import {
  ADDRESS_FIELDS,
  ENGLISH,
  NUMERIC_ADDRESS_FIELDS,
  REQUIRED_ADDRESS_FIELDS,
  SAMPLE_ADDRESS,
  describeAccountsAccessibility,
  expectAlert,
  expectFieldError,
  expectToast,
  field,
  watchRequests,
} from './account-pages';
import { expect, signInThroughApi, test, uniqueEmail, uniquePassword, uniqueSuffix, type Shopper } from './fixtures';

const INVALID_CREDENTIALS = 'Invalid username or password.';

/** Holds the requests `route` catches until `release()` is called, then lets `then` answer them. */
async function holdRequests(page: Page, url: string, then: (route: Route) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await then(route);
  });
  return release;
}

function header(page: Page) {
  return page.getByRole('banner');
}

function greeting(page: Page, name: string) {
  return header(page).getByRole('link', { name: `Hi, ${name}` });
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('sign in (/login)', () => {
  test('says what is missing or malformed, under each field, and sends nothing', async ({ page }) => {
    const signIns = watchRequests(page, '/api/users/signin');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create your account' })).toBeVisible();
    const email = field(page, 'Email');
    const password = field(page, 'Password');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expectFieldError(email, 'Email is required');
    await expectFieldError(password, 'Password is required');

    await email.fill('layla@example');
    await password.fill('12345');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectFieldError(email, 'Please enter a valid email');
    await expectFieldError(password, 'Password must be at least 6 characters long');
    await expect(page).toHaveURL(/\/login$/);
    expect(signIns).toEqual([]);
  });

  test('the eye button shows and hides the password, telling whether it is pressed', async ({ page }) => {
    await page.goto('/login');
    const password = field(page, 'Password');
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await hide.click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a wrong password says "Invalid username or password." inline and as a toast', async ({ page, shopper }) => {
    await page.goto('/login');
    await signInThroughForm(page, shopper.email, `${shopper.password}-wrong`);
    await expectAlert(page, INVALID_CREDENTIALS);
    await expectToast(page, INVALID_CREDENTIALS);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('Continue reads "Logging in..." and is disabled while signing in; no answer gives the generic error', async ({ page, shopper }) => {
    const release = await holdRequests(page, '**/api/users/signin', (route) => route.abort('failed'));
    await page.goto('/login');
    await signInThroughForm(page, shopper.email, shopper.password);
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    const generic = 'An error occurred. Please try again later.';
    await expectAlert(page, generic);
    await expectToast(page, generic);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('links to the register page, which links back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your Dukkan account' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visit to the address book goes to /login and comes back after signing in', async ({ page, shopper }) => {
    await page.goto('/userprofile/address');
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/userprofile\/address$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Address Book' })).toBeVisible();
    await expect(greeting(page, shopper.name)).toBeVisible();
  });
});

test.describe('register (/register)', () => {
  test('ticks both checkboxes and shows or hides both passwords with one button', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('checkbox', { name: 'Keep me signed in' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Email me offers and news from Dukkan' })).toBeChecked();
    const password = field(page, 'Password');
    const confirm = field(page, 'Confirm Password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(confirm).toHaveAttribute('type', 'password');
    const show = page.getByRole('button', { name: 'Show passwords' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    await expect(page.getByRole('button', { name: 'Hide passwords' })).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'text');
  });

  test('says what is missing or wrong, "Password mismatch" for different passwords, and sends nothing', async ({ page }) => {
    const signUps = watchRequests(page, '/api/users/signup');
    await page.goto('/register');
    const firstName = field(page, 'First name');
    const email = field(page, 'Email');
    const password = field(page, 'Password');
    const confirm = field(page, 'Confirm Password');
    const create = page.getByRole('button', { name: 'Create Account' });

    await create.click();
    await expectFieldError(firstName, 'First name is required');
    await expectFieldError(email, 'Please enter a valid email');
    await expectFieldError(password, 'Password is required');
    await expectFieldError(confirm, 'Please confirm your password');

    await firstName.fill('Layla');
    await email.fill('layla.example.com');
    // Spec section 5: a password shorter than 6 characters also shows 'Password is required'.
    await password.fill('abc12');
    await confirm.fill('abc12');
    await create.click();
    await expectFieldError(email, 'Please enter a valid email');
    await expectFieldError(password, 'Password is required');

    await email.fill('layla@example.com');
    await password.fill('first-secret-1');
    await confirm.fill('other-secret-2');
    await create.click();
    await expectAlert(page, 'Password mismatch');
    await expect(page).toHaveURL(/\/register$/);
    expect(signUps).toEqual([]);
  });

  test('an email that is taken shows the server message inline and as a toast', async ({ page, shopper }) => {
    await page.goto('/register');
    await field(page, 'First name').fill('Someone Else');
    await field(page, 'Email').fill(shopper.email);
    await field(page, 'Password').fill(shopper.password);
    await field(page, 'Confirm Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const taken = 'An account with this email already exists.';
    await expectAlert(page, taken);
    await expectToast(page, taken);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('Create Account reads "Creating account..." while sending, then goes to /login with a success toast', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo);
    const password = uniquePassword();
    const release = await holdRequests(page, '**/api/users/signup', (route) => route.continue());
    await page.goto('/register');
    await field(page, 'First name').fill(`Nour ${uniqueSuffix()}`);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Your account was created. Please sign in.');
    // The account exists: it signs in.
    await signInThroughApi(request, email, password);
  });
});

test.describe('an account from start to finish', () => {
  test('register, sign in, change name and password, log out, then only the new password signs in', async ({ page }, testInfo) => {
    // A whole account's life: five password hashes and the 2 s logout delay, on a shared CI machine.
    test.slow();
    const suffix = uniqueSuffix();
    const name = `Omar ${suffix}`;
    const email = uniqueEmail(testInfo);
    const password = uniquePassword();
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/signup') sent.push(request.postDataJSON());
    });

    await test.step('register', async () => {
      await page.goto('/register');
      await field(page, 'First name').fill(name);
      // Spec section 5: the email is lower-cased before sending.
      await field(page, 'Email').fill(email.toUpperCase());
      await field(page, 'Password').fill(password);
      await field(page, 'Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expectToast(page, 'Your account was created. Please sign in.');
      // The confirmation is never sent.
      expect(sent).toEqual([{ name, email, password, marketingEmails: true }]);
    });

    await test.step('sign in: the header greets the shopper', async () => {
      await signInThroughForm(page, email, password);
      await expect(page).toHaveURL(/\/$/);
      await expect(greeting(page, name)).toHaveAttribute('href', '/userprofile');
      await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    });

    const newName = `Omar Farouk ${suffix}`;
    const newPassword = uniquePassword();
    await test.step('edit the profile: a new name and a new password', async () => {
      await greeting(page, name).click();
      await expect(page).toHaveURL(/\/userprofile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Edit profile' })).toBeVisible();
      await expect(field(page, 'Full name')).toHaveValue(name);
      await expect(field(page, 'Email')).toHaveValue(email);
      await field(page, 'Full name').fill(newName);
      await field(page, 'Current password').fill(password);
      await field(page, 'New password').fill(newPassword);
      await field(page, 'Confirm new password').fill(newPassword);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Your profile was updated.');
      await expect(greeting(page, newName)).toBeVisible();
    });

    await test.step('log out: a toast, /login after a moment, and a guest header', async () => {
      await header(page).getByRole('link', { name: 'Dukkan home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await header(page).getByRole('button', { name: 'Logout' }).click();
      await expectToast(page, 'Successfully logged out!');
      // The guest header shows before the 2 s redirect (main-layout.test.tsx checks that moment);
      // on a busy machine the redirect can come before a check here would.
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/');
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'Register' })).toBeVisible();
      await expect(header(page).getByRole('link', { name: /^Hi, / })).toHaveCount(0);
      await page.goto('/login');
    });

    await test.step('the old password no longer signs in; the new one does', async () => {
      await signInThroughForm(page, email, password);
      await expectAlert(page, INVALID_CREDENTIALS);
      await signInThroughForm(page, email, newPassword);
      await expect(page).toHaveURL(/\/$/);
      await expect(greeting(page, newName)).toBeVisible();
    });
  });
});

test.describe('profile (/userprofile)', () => {
  test('checks name, email and the new password, shows a refused current password as a toast, and saves a name', async ({
    page,
    request,
    signedInShopper: shopper,
  }) => {
    // Four submissions, three of them checked against a password hash, and a sign-in: over 30 s on two busy cores.
    test.slow();
    const updates = watchRequests(page, `/api/users/${shopper.id}`);
    await page.goto('/userprofile');
    const name = field(page, 'Full name');
    const email = field(page, 'Email');
    const current = field(page, 'Current password');
    const fresh = field(page, 'New password');
    const confirm = field(page, 'Confirm new password');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(name).toHaveValue(shopper.name);
    await expect(email).toHaveValue(shopper.email);

    await name.fill('');
    await email.fill('');
    await save.click();
    await expectFieldError(name, 'Name is required');
    await expectFieldError(email, 'Email is required');

    await name.fill('Al');
    await email.fill('layla@example');
    await save.click();
    await expectFieldError(name, 'Name must be at least 3 characters');
    await expectFieldError(email, 'Invalid Email');

    await name.fill(shopper.name);
    await email.fill(shopper.email);
    await current.fill(shopper.password);
    await save.click();
    await expectFieldError(fresh, 'New password is required');
    await expectFieldError(confirm, 'Please confirm your new password');

    await fresh.fill('fresh-secret-1');
    await confirm.fill('fresh-secret-2');
    await save.click();
    await expectFieldError(confirm, 'New passwords do not match');
    expect(updates.filter((call) => call.startsWith('PUT'))).toEqual([]);

    await current.fill(`${shopper.password}-wrong`);
    await confirm.fill('fresh-secret-1');
    await save.click();
    await expectToast(page, 'Your current password is not correct.');
    // Nothing changed: the old password still signs in.
    await signInThroughApi(request, shopper.email, shopper.password);

    // Without a current password, new and confirm are not needed: the name alone is saved.
    await current.fill('');
    await fresh.fill('');
    await confirm.fill('');
    const newName = `${shopper.name} Saleh`;
    await name.fill(newName);
    await save.click();
    await expectToast(page, 'Your profile was updated.');
    await expect(greeting(page, newName)).toBeVisible();
    await page.reload();
    await expect(field(page, 'Full name')).toHaveValue(newName);
  });

  test('the account menu opens each part of the account', async ({ page, signedInShopper }) => {
    await page.goto('/userprofile');
    await expect(greeting(page, signedInShopper.name)).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await menu.getByRole('link', { name: 'Past Orders' }).click();
    await expect(page).toHaveURL(/\/userprofile\/pastOrders$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Past Orders' })).toBeVisible();
    await expect(page.getByText("You haven't placed any orders yet!")).toBeVisible();
    await menu.getByRole('link', { name: 'Upcoming Orders' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming Orders' })).toBeVisible();
    await expect(page.getByText('There are no orders yet.')).toBeVisible();
    await menu.getByRole('link', { name: 'Address Book' }).click();
    await expect(page).toHaveURL(/\/userprofile\/address$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Address Book' })).toBeVisible();
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/userprofile$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Edit profile' })).toBeVisible();
  });
});

test.describe('address book (/userprofile/address)', () => {
  test('the new-address form marks required and numeric fields and names every missing one', async ({ page, signedInShopper }) => {
    const saves = watchRequests(page, `/api/users/address/${signedInShopper.id}`);
    await page.goto('/userprofile/address');
    await expect(page.getByText("You didn't add any address yet!")).toBeVisible();
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'New address' })).toBeVisible();

    for (const name of ADDRESS_FIELDS) {
      const input = field(page, ENGLISH.profile.fields[name]);
      if (REQUIRED_ADDRESS_FIELDS.includes(name)) await expect(input).toHaveJSProperty('required', true);
      else await expect(input).toHaveJSProperty('required', false);
    }
    for (const name of NUMERIC_ADDRESS_FIELDS) await expect(field(page, ENGLISH.profile.fields[name])).toHaveAttribute('inputmode', 'numeric');

    await page.getByRole('button', { name: 'Save address' }).click();
    for (const name of REQUIRED_ADDRESS_FIELDS) {
      const label = ENGLISH.profile.fields[name];
      await expectFieldError(field(page, label), `${label} is required`);
    }
    for (const name of ADDRESS_FIELDS.filter((n) => !REQUIRED_ADDRESS_FIELDS.includes(n))) {
      await expect(field(page, ENGLISH.profile.fields[name])).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(saves).toEqual([]);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'New address' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add a new address' })).toBeVisible();
  });

  test('an added address is listed, survives a reload, and can be removed', async ({ page, signedInShopper }) => {
    await page.goto('/userprofile/address');
    await expect(page.getByRole('heading', { level: 2, name: 'Address Book' })).toBeVisible();
    await expect(greeting(page, signedInShopper.name)).toBeVisible();
    await expect(page.getByText("You didn't add any address yet!")).toBeVisible();

    await page.getByRole('button', { name: 'Add a new address' }).click();
    for (const name of ADDRESS_FIELDS) await field(page, ENGLISH.profile.fields[name]).fill(SAMPLE_ADDRESS[name]);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, 'Address saved.');

    const saved = page.getByRole('listitem').filter({ hasText: 'Cairo, Egypt' });
    const expectListed = async () => {
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText('Zamalek, 26th of July Street');
      await expect(saved).toContainText('Building 12, Floor 3');
      await expect(page.getByText("You didn't add any address yet!")).toHaveCount(0);
    };
    await expectListed();

    await page.reload();
    await expectListed();

    await saved.getByRole('button', { name: 'Remove, Cairo' }).click();
    await expect(saved).toHaveCount(0);
    await expect(page.getByText("You didn't add any address yet!")).toBeVisible();
    await page.reload();
    await expect(page.getByText("You didn't add any address yet!")).toBeVisible();
  });
});

test.describe('a token the server refuses', () => {
  const cases: { name: string; token: (shopper: Shopper, request: APIRequestContext) => Promise<{ token: string; name: string }> }[] = [
    {
      name: 'a forged token',
      token: () => {
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const payload = { id: '00000000-0000-4000-8000-000000000001', name: 'Ghost Shopper', tv: 0 };
        const signature = Buffer.from('not-a-signature').toString('base64url');
        return Promise.resolve({ token: `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.${signature}`, name: payload.name });
      },
    },
    {
      name: 'a token ended by a password change elsewhere',
      token: async (shopper, request) => {
        const answer = await request.put(`/api/users/${shopper.id}`, {
          headers: { token: shopper.token },
          data: { name: shopper.name, email: shopper.email, password: uniquePassword(), currentPassword: shopper.password },
        });
        expect(answer.status(), await answer.text()).toBe(200);
        return { token: shopper.token, name: shopper.name };
      },
    },
  ];

  for (const c of cases) {
    test(`${c.name} in storage: after a 401 the shopper is a guest`, async ({ page, request, shopper, storeToken }) => {
      const { token, name } = await c.token(shopper, request);
      await storeToken(token);
      // The shop trusts the stored token until the server is asked, and the header asks at once:
      // the cart (and the wish list behind the hearts) load with the first page.
      const refused = page.waitForResponse(
        (response) => new URL(response.url()).pathname.startsWith('/api/') && response.request().headers()['token'] === token && response.status() === 401,
      );
      await page.goto('/');
      await refused;
      await expectToast(page, 'Your session has ended. Please sign in again.');
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(greeting(page, name)).toHaveCount(0);

      await page.goto('/userprofile');
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/');
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(header(page).getByRole('link', { name: /^Hi, / })).toHaveCount(0);
    });
  }
});

describeAccountsAccessibility('en', () => ENGLISH);
