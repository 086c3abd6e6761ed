import { expect, type Locator, type Page } from '@playwright/test';

/** A slider, found by its title: the carousel region the heading names (`roledescription` is translated). */
export function slider(page: Page, name: string, roledescription = 'carousel'): Locator {
  return page.locator(`[aria-roledescription="${roledescription}"]`).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** How much of a slide the slider shows (0 to 1): its overlap with the slider's viewport. */
export function shownRatio(slide: Locator): Promise<number> {
  return slide.evaluate((element) => {
    const viewport = element.parentElement!.parentElement!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    const overlap = Math.max(0, Math.min(box.right, viewport.right) - Math.max(box.left, viewport.left));
    return box.width > 0 ? overlap / box.width : 0;
  });
}

/** Waits (up to `timeout` ms, else the configured time) until the slider shows `slide` (at least 90% of it). */
export async function expectShown(slide: Locator, timeout?: number) {
  await expect.poll(() => shownRatio(slide), { timeout }).toBeGreaterThan(0.9);
}

/** Waits (up to `timeout` ms, else the configured time) until the slider hides `slide` (nearly all of it). */
export async function expectHidden(slide: Locator, timeout?: number) {
  await expect.poll(() => shownRatio(slide), { timeout }).toBeLessThan(0.1);
}
