import { request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

import { ar } from '../../apps/admin/src/locales/ar';
import { en, type Texts } from '../../apps/admin/src/locales/en';

import { expect, test as base, uniqueSuffix } from './fixtures';

/**
 * Helpers of the back office's end-to-end tests (issue #20): the back office's texts in both
 * languages (read from its own locale files), the owner handed over by global-setup.ts, and a
 * fixture giving each test a catalog staff member of its own, created by the owner through the API.
 */

export type Language = 'en' | 'ar';

export const ADMIN_TEXTS: Record<Language, Texts> = { en, ar };

/** A staff member of one test's own. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  password: string;
}

/** The owner global-setup.ts created at the shop's start. */
export function owner(): { email: string; password: string } {
  const email = process.env.E2E_OWNER_EMAIL;
  const password = process.env.E2E_OWNER_PASSWORD;
  if (!email || !password) throw new Error('E2E_OWNER_EMAIL / E2E_OWNER_PASSWORD are not set: run the tests through e2e/playwright.config.ts');
  return { email, password };
}

/** The XSRF-TOKEN cookie an API context holds after a staff sign-in (for the X-XSRF-TOKEN header). */
export async function xsrfToken(api: APIRequestContext): Promise<string> {
  const cookie = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie?.value, 'the XSRF-TOKEN cookie after the staff sign-in').toBeTruthy();
  return cookie!.value;
}

/** Signs `email` in to the back office in a fresh API context (its own cookie jar). */
export async function staffApi(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const answer = await api.post('/api/admin/session', { data: { email, password } });
  expect(answer.status(), `staff sign-in of ${email}: ${await answer.text()}`).toBe(200);
  return api;
}

/** The owner adds a catalog staff member with a password of this test's own. */
export async function createCatalogStaff(baseURL: string, testInfo: TestInfo): Promise<StaffMember> {
  return createStaffMember(baseURL, testInfo, 'catalog');
}

/** The owner adds a staff member of `role` with a password of this test's own. */
export async function createStaffMember(baseURL: string, testInfo: TestInfo, role: 'catalog' | 'support'): Promise<StaffMember> {
  const { email: ownerEmail, password: ownerPassword } = owner();
  const api = await staffApi(baseURL, ownerEmail, ownerPassword);
  try {
    const suffix = uniqueSuffix();
    const member = {
      email: `${role}-${testInfo.workerIndex}-${Date.now()}-${suffix}@example.com`,
      name: `${role === 'catalog' ? 'Cat' : 'Sam'} ${suffix}`,
      password: `Staff-${uniqueSuffix()}-${uniqueSuffix()}-Pw9`,
    };
    const answer = await api.post('/api/admin/staff', {
      data: { ...member, role },
      headers: { 'X-XSRF-TOKEN': await xsrfToken(api) },
    });
    expect(answer.status(), `the owner adds ${member.email}: ${await answer.text()}`).toBe(201);
    const body = (await answer.json()) as { data?: { _id?: unknown; role?: unknown } };
    expect(body.data?.role).toBe(role);
    expect(typeof body.data?._id).toBe('string');
    return { id: body.data!._id as string, ...member };
  } finally {
    await api.dispose();
  }
}

/** Signs `member` in through the back office's sign-in screen, in `language`; ends on the dashboard, every role's landing screen. */
export async function signInToDashboard(page: Page, member: Pick<StaffMember, 'email' | 'password'>, language: Language): Promise<void> {
  const t = ADMIN_TEXTS[language].signIn;
  await page.goto(`/admin/sign-in?lng=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await page.getByRole('textbox', { name: t.email }).fill(member.email);
  await page.getByLabel(t.password).fill(member.password);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: ADMIN_TEXTS[language].dashboard.title })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** Signs a catalog `member` in, in `language`, and opens the products list from the navigation. */
export async function signInThroughUi(page: Page, member: StaffMember, language: Language): Promise<void> {
  await signInToDashboard(page, member, language);
  const texts = ADMIN_TEXTS[language];
  await page.getByRole('navigation', { name: texts.app.mainNav }).getByRole('link', { name: texts.nav.products, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.products.title })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products/);
}

interface AdminFixtures {
  /** A catalog staff member of this test's own (the browser is not signed in yet). */
  staffMember: StaffMember;
}

export const test = base.extend<AdminFixtures>({
  staffMember: async ({ baseURL }, use, testInfo) => {
    await use(await createCatalogStaff(baseURL!, testInfo));
  },
});

export { expect };
