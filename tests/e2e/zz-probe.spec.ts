import { test } from '@playwright/test';
import { tenantUrl } from './urls.ts';
test('probe', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, i) => i))));
  const first = await context.newPage();
  await first.goto(tenantUrl('fire-and-slice'));
  await first.keyboard.press('Shift');
  await first.locator('[data-add-product]').first().click();
  const builder = first.getByRole('dialog');
  await builder.locator('[data-builder-submit]').waitFor();
  for (const group of await builder.locator('fieldset[data-field^="option-"][data-required="true"]').all()) await group.getByRole('radio').first().check();
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await first.waitForTimeout(2000);
  console.log('after add', await first.locator('[data-cart-button]').textContent(), await first.evaluate(() => localStorage.getItem('cartSummary')));
  await first.close();
  const page = await context.newPage();
  await page.goto(tenantUrl('fire-and-slice'), { waitUntil: 'commit' });
  for (const t of [500, 3000, 8000]) {
    await page.waitForTimeout(t === 500 ? 500 : t / 2);
    console.log(t, JSON.stringify(await page.evaluate(() => ({
      cart: document.querySelector('[data-cart-button]')?.textContent,
      bar: document.querySelector('[data-order-time-bar]')?.outerHTML.slice(0, 900),
      status: document.querySelector('[data-open-status]')?.outerHTML.slice(0, 200),
    }))));
  }
});
