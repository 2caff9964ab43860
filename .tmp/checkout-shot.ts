import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [slug, viewport] of [['crust-and-co', { width: 390, height: 844 }], ['fire-and-slice', { width: 1280, height: 900 }]] as const) {
  const page = await browser.newPage({ viewport });
  await page.addInitScript(() => sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, i) => i))));
  await page.goto(`http://${slug}.localhost:4400/`, { waitUntil: 'networkidle' });
  await page.locator('[data-add-product]').first().click();
  const builder = page.getByRole('dialog');
  await builder.locator('[data-builder-submit]').waitFor();
  for (const group of await builder.locator('fieldset[data-field^="option-"]').all()) {
    if (!(await group.locator('legend').textContent())?.includes('optional')) await group.getByRole('radio').first().check();
  }
  await builder.getByRole('button', { name: 'More: Quantity' }).click();
  await builder.getByRole('button', { name: 'More: Quantity' }).click();
  await builder.locator('[data-builder-submit]').click();
  await page.waitForTimeout(300);
  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `.tmp/checkout-${slug}.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `.tmp/account-${slug}.png` });
  await page.close();
}
await browser.close();
