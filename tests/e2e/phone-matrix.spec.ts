import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';
import { addProduct, openShopAt } from './ordering-support.ts';
import { pairwisePlan } from './pairwise-plan.ts';
import { expectInsideScreen, expectNoSidewaysScroll } from './screen-support.ts';
import { tenantUrl } from './urls.ts';
import { retailerConfigSchema } from '../../lib/tenant/retailer.ts';
import { TRADING_SAMPLE_SHOPS } from '../../lib/tenant/sample-shops.ts';

/**
 * Every page and every dialog of the open sample shops fits the screen: on phones (360 and 390 px,
 * touch) and on desktop. A page wider than a phone makes mobile Chromium widen its layout
 * viewport, and then dialogs open off-screen; this matrix is what catches it. It is pairwise
 * (issue 26, the suite's time): every check runs on every shop (the deal dialogs on the two that
 * show deals) and on every screen, and every shop on every screen: 46 journeys instead of all 144
 * triples. A fault that only one shop's dialog or custom page shows on one screen can slip
 * through; a shop's home page too wide for a screen (each dialog's check measures the page too) or
 * a dialog too wide on every shop cannot.
 */

// Wednesday 25 November 2026, 7:00 pm in Melbourne: every sample shop is open for both services.
const wednesdayEvening = '2026-11-25T08:00:00Z';

const screens = [
  { name: 'phone 360', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
  { name: 'phone 390', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
];

/** Every page a shop's deployment holds (each index.html the build wrote), plus the 404 and the order page with an order id. */
function pagesOf(slug: string): string[] {
  const root = join(process.cwd(), 'dist', slug);
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${relative(root, join(root, file)).replace(/index\.html$/, '')}`)
    .filter((path) => !path.startsWith('/builds/'));
  return [
    ...pages.filter((path) => path !== '/order/'),
    '/order/?id=no-such-order',
    '/reset-password?token=abc',
    '/no/such/page',
  ];
}

/** The dialog's box lies inside the screen, and its last control can be scrolled to inside it. */
async function expectDialogFits(page: Page, dialog: Locator, where: string): Promise<void> {
  await expectInsideScreen(page, dialog, where);
  const last = dialog.locator('button:visible, a:visible, input:visible, select:visible, textarea:visible').last();
  await last.scrollIntoViewIfNeeded();
  await expectInsideScreen(page, last, `${where}: its last control`);
}

/** How a customer opens each dialog on a shop's home page. */
const dialogs: { name: string; needsDeals?: boolean; open: (page: Page, slug: string) => Promise<Locator> }[] = [
  {
    name: 'product builder',
    open: async (page) => {
      await page.locator('[data-add-product]').first().click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'deals',
    needsDeals: true,
    open: async (page) => {
      await page.locator('[data-open-specials]').click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'deal builder',
    needsDeals: true,
    open: async (page) => {
      await page.locator('#deals [data-open-special]').first().click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'cart',
    open: async (page) => {
      await addProduct(page);
      await page.locator('[data-cart-button]').click();
      return page.getByRole('dialog', { name: 'Your order' });
    },
  },
  {
    name: 'checkout',
    open: async (page) => {
      await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
      await addProduct(page);
      await addProduct(page, 1);
      await page.locator('[data-cart-button]').click();
      await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
      return page.getByRole('dialog', { name: 'Checkout' });
    },
  },
  {
    name: 'order time',
    open: async (page) => {
      await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }).click();
      const picker = page.getByRole('dialog', { name: 'Order time' });
      if (await picker.getByLabel('Later', { exact: true }).count())
        await picker.getByLabel('Later', { exact: true }).check();
      return picker;
    },
  },
  {
    name: 'account',
    open: async (page) => {
      await page.locator('[data-open-account]').first().click();
      return page.getByRole('dialog');
    },
  },
  ...['table-booking', 'delivery-map', 'mailing-list'].map((modal) => ({
    name: modal,
    open: async (page: Page, slug: string) => {
      await page.goto(tenantUrl(slug, `/?modal=${modal}`));
      return page.getByRole('dialog');
    },
  })),
];

type Check = { name: string; needsDeals?: boolean; run: (page: Page, slug: string) => Promise<void> };

/** Whether the shop's home page shows its deals (retailer-config.json's layout), where the deal dialogs open from. */
function showsDeals(slug: string): boolean {
  const file = readFileSync(join(process.cwd(), 'tenants', slug, 'retailer-config.json'), 'utf8');
  return retailerConfigSchema.parse(JSON.parse(file)).retailerLayout.showDeals;
}

const checks: Check[] = [
  {
    name: 'every page fits the screen',
    run: async (page, slug) => {
      await openShopAt(page, slug, wednesdayEvening);
      for (const path of pagesOf(slug)) {
        await page.goto(tenantUrl(slug, path));
        await page.waitForLoadState('load');
        await expectNoSidewaysScroll(page, `${slug}${path}`);
      }
    },
  },
  ...dialogs.map((dialog): Check => ({
    name: `the ${dialog.name} opens inside the screen`,
    ...(dialog.needsDeals ? { needsDeals: true } : {}),
    run: async (page, slug) => {
      await openShopAt(page, slug, wednesdayEvening);
      await expectDialogFits(page, await dialog.open(page, slug), `${slug} ${dialog.name}`);
    },
  })),
  {
    name: "the retailer's popup opens inside the screen",
    run: async (page, slug) => {
      await openShopAt(page, slug, wednesdayEvening, { popups: true });
      await page.clock.runFor(10_000);
      await expectDialogFits(page, page.getByRole('dialog'), `${slug} popup`);
    },
  },
];

const plan = pairwisePlan(
  checks,
  TRADING_SAMPLE_SHOPS,
  screens,
  (check, slug) => !check.needsDeals || showsDeals(slug),
);

for (const screen of screens) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch, isMobile: screen.isMobile });

    for (const [check, slug] of plan.filter(([, , on]) => on === screen))
      test(`${slug}: ${check.name}`, ({ page }) => check.run(page, slug));
  });
}
