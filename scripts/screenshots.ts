import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';

/**
 * Screenshots every page given, on desktop and phone widths, into test-results/screenshots/, to
 * look at each tenant's theme and layout. Needs a running static server and API (npm start).
 * `--cart` first puts the first dish of the menu in the cart and shows the cart open; `--dark`
 * asks for the dark theme (as a visitor whose system is dark). A path may carry `?modal=…` to
 * show a dialog, e.g. `bella-napoli/?modal=delivery-map`.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '4321' },
    out: { type: 'string', default: 'test-results/screenshots' },
    cart: { type: 'boolean', default: false },
    dark: { type: 'boolean', default: false },
  },
});
const targets = positionals.length > 0 ? positionals : ['bella-napoli/'];
await mkdir(values.out, { recursive: true });

/** Adds the first dish, choosing the first choice of every required option, and opens the cart. */
async function openCartWithADish(page: Page): Promise<void> {
  await page.locator('[data-add-product]').first().click();
  const builder = page.getByRole('dialog');
  await builder.locator('[data-builder-submit]').waitFor();
  for (const group of await builder.locator('fieldset[data-field^="option-"][data-required="true"]').all())
    await group.getByRole('radio').first().check();
  await builder.locator('[data-builder-submit]').click();
  await builder.waitFor({ state: 'detached' });
  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).locator('[data-total="total"]').waitFor();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const target of targets) {
  const [slug = '', ...rest] = target.split('/');
  const path = `/${rest.join('/')}`;
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const page = await browser.newPage({ viewport, colorScheme: values.dark ? 'dark' : 'light' });
    await page.addInitScript(() =>
      sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))),
    );
    const response = await page.goto(`http://${slug}.localhost:${values.port}${path}`, { waitUntil: 'networkidle' });
    // A visitor's first key press: the ordering runtime and live services start at once rather than after a few quiet seconds.
    await page.keyboard.press('Shift');
    await page.waitForLoadState('networkidle');
    if (values.cart) await openCartWithADish(page);
    if (path.includes('modal=')) await page.getByRole('dialog').locator('form, [data-delivery-map]').first().waitFor();
    const file = `${values.out}/${slug}${path.replace(/[^\w-]+/g, '_')}${values.cart ? '-cart' : ''}${values.dark ? '-dark' : ''}-${label}.png`;
    await page.screenshot({ path: file });
    console.log(`${response?.status()} ${file}`);
    await page.close();
  }
}
await browser.close();
