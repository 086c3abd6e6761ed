import { ADDRESS_FIELDS, ENGLISH, field, SAMPLE_ADDRESS } from './account-pages';
import {
  CARD_PAGE,
  cardPageOf,
  checkoutTexts,
  dollarSignLeads,
  placeOrderThroughApi,
  productsToBuy,
  readyToCheckOut,
  reducedProductToBuy,
} from './checkout';
import { expect, test } from './fixtures';
import { addToCartThroughApi, fill } from './shopping';

/**
 * The checkout's details (issue #18): 'add New' whatever the address book holds, the savings
 * note under the total, Arabic punctuation of addresses, and the card page writing the shop's
 * prices and name as the shop does. Each test has its own shopper and products no other test buys.
 */

const en = checkoutTexts('en');
const ar = checkoutTexts('ar');

/** How the shop writes an amount: '$1,299.50', in Arabic too. */
const written = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

const SECOND_ADDRESS = { ...SAMPLE_ADDRESS, fullName: 'Omar Hassan', city: 'Giza', area: 'Dokki', street: 'Tahrir Street' };

test.describe("the checkout's shipping address", () => {
  test("'add New' is there beside 'Add an address now' with no saved address, and adds the first one", async ({ page, request, signedInShopper }) => {
    for (const product of await productsToBuy(request, 12)) await addToCartThroughApi(request, signedInShopper.token, product._id);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: en.checkout.addAddressNow })).toBeVisible();
    const addNew = page.getByRole('button', { name: en.checkout.addNew });
    await expect(addNew).toBeEnabled();

    await addNew.click();
    const dialog = page.getByRole('dialog', { name: en.checkout.dialogTitle });
    await expect(dialog).toBeVisible();
    // Spec section 9: the address modal is 800px wide.
    expect((await dialog.boundingBox())?.width).toBe(800);
    for (const name of ADDRESS_FIELDS) await field(dialog, ENGLISH.profile.fields[name]).fill(SAMPLE_ADDRESS[name]);
    await dialog.getByRole('button', { name: ENGLISH.profile.addressSave }).click();
    await expect(dialog).toHaveCount(0);

    const radio = page.getByRole('radio', { name: /26th of July Street/ });
    await expect(radio).toBeChecked();
    await expect(radio).toBeFocused();
    await expect(page.getByRole('radio')).toHaveCount(1);
    await expect(page.getByRole('button', { name: en.checkout.addAddressNow })).toHaveCount(0);
    await expect(addNew).toBeVisible();
  });

  test("'add New' adds another address to a book that has one, and selects it", async ({ page, request, signedInShopper }) => {
    await readyToCheckOut(request, signedInShopper, await productsToBuy(request, 13));
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /26th of July Street/ }).check();

    await page.getByRole('button', { name: en.checkout.addNew }).click();
    const dialog = page.getByRole('dialog', { name: en.checkout.dialogTitle });
    expect((await dialog.boundingBox())?.width).toBe(800);
    for (const name of ADDRESS_FIELDS) await field(dialog, ENGLISH.profile.fields[name]).fill(SECOND_ADDRESS[name]);
    await dialog.getByRole('button', { name: ENGLISH.profile.addressSave }).click();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('radio', { name: /Tahrir Street/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /26th of July Street/ })).not.toBeChecked();
    // Saved in the address book too.
    const book = (await (await request.get(`/api/users/${signedInShopper.id}`, { headers: { token: signedInShopper.token } })).json()) as {
      data: { addressBook: { street: string }[] };
    };
    expect(book.data.addressBook.map((address) => address.street)).toEqual([SAMPLE_ADDRESS.street, SECOND_ADDRESS.street]);
  });
});

test.describe("the checkout's summary", () => {
  for (const language of ['en', 'ar'] as const) {
    test(`says under the total that the savings are already in the subtotal (${language})`, async ({ page, request, signedInShopper, useLanguage }) => {
      const t = language === 'en' ? en : ar;
      await useLanguage(language);
      const reduced = await reducedProductToBuy(request, language === 'en' ? 0 : 1);
      await readyToCheckOut(request, signedInShopper, [reduced]);
      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: t.checkout.summary });
      const savings = Math.round((reduced.listPrice - reduced.price) * 100) / 100;
      const note = summary.getByText(fill(t.checkout.savingsNote, { amount: written(savings) }), { exact: true });
      await expect(note).toBeVisible();
      if (language === 'en') expect(t.checkout.savingsNote).toBe('You save {{amount}} (included in the subtotal)');
      // The Savings row stays (spec section 2).
      await expect(summary).toContainText(`−${written(savings)}`);
      // Under the total: a second description of the Total term, on a line below it.
      const label = note.locator('xpath=..').locator('dt');
      await expect(label).toHaveText(t.checkout.total);
      await expect(note.locator('xpath=..').locator('dd').first()).toHaveText(written(reduced.price));
      expect((await note.boundingBox())!.y).toBeGreaterThan((await label.boundingBox())!.y);
      expect(await dollarSignLeads(note), (await note.textContent()) ?? undefined).toBe(true);
    });
  }
});

test.describe('Arabic addresses', () => {
  test('join their parts with the Arabic comma on the checkout, the address book and the order page', async ({ page, request, signedInShopper, useLanguage }) => {
    await useLanguage('ar');
    // Unpaid, the order leaves its products in the cart: the checkout shows the address too.
    const order = await placeOrderThroughApi(request, signedInShopper, await productsToBuy(request, 14));
    const line = `${SAMPLE_ADDRESS.street}، ${SAMPLE_ADDRESS.area}، ${SAMPLE_ADDRESS.city}، ${SAMPLE_ADDRESS.country}`;

    await page.goto('/checkout');
    await expect(page.getByRole('radio', { name: new RegExp(line) })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(`${SAMPLE_ADDRESS.city}, `);

    const account = JSON.parse(await (await request.get('/locales/ar/account.json')).text()) as { profile: { addressListLabel: string } };
    await page.goto('/userprofile/address');
    const saved = page.getByRole('list', { name: account.profile.addressListLabel });
    await expect(saved).toContainText(`${SAMPLE_ADDRESS.city}، ${SAMPLE_ADDRESS.country}`);
    await expect(saved).toContainText(`${SAMPLE_ADDRESS.area}، ${SAMPLE_ADDRESS.street}`);
    await expect(saved).not.toContainText(', ');

    await page.goto(`/Order/${order._id}`);
    await expect(page.getByRole('main').locator('address')).toContainText(`${SAMPLE_ADDRESS.city}، ${SAMPLE_ADDRESS.country}`);
  });
});

test.describe('the card page', () => {
  test("writes amounts as the shop does and, in Arabic, the shop's name as the shop spells it", async ({ page, request, signedInShopper, useLanguage }) => {
    const order = await placeOrderThroughApi(request, signedInShopper, await productsToBuy(request, 15));
    const url = await cardPageOf(request, signedInShopper, order._id);

    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: CARD_PAGE.en.heading })).toBeVisible();
    await expect(page.getByText(CARD_PAGE.en.amountDue).locator('..')).toHaveText(`${CARD_PAGE.en.amountDue}${written(order.amount)}`);
    await expect(page.locator('body')).not.toContainText('US$');

    await useLanguage('ar');
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const brand = (JSON.parse(await (await request.get('/locales/ar/common.json')).text()) as { brand: string }).brand;
    expect(brand).toBe('دكّان');
    await expect(page.getByRole('heading', { level: 1, name: CARD_PAGE.ar.heading })).toBeVisible();
    expect(CARD_PAGE.ar.heading).toContain(brand);
    await expect(page).toHaveTitle(new RegExp(`${brand}$`));
    await expect(page.locator('body')).not.toContainText('دكان');
    const due = page.getByText(CARD_PAGE.ar.amountDue).locator('..');
    await expect(due).toHaveText(`${CARD_PAGE.ar.amountDue}${written(order.amount)}`);
    await expect(page.locator('body')).not.toContainText('US$');
    // The amount reads '$' first, in the right-to-left page too.
    expect(await dollarSignLeads(due)).toBe(true);
  });
});
