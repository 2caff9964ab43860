import { expect, test, type Locator, type Page } from '@playwright/test';
import { addProduct, centsOf, openShopAt } from './ordering-support.ts';
import { pairwisePlan } from './pairwise-plan.ts';
import { tenantUrl } from './urls.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { TRADING_SAMPLE_SHOPS } from '../../lib/tenant/sample-shops.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: every sample shop is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

const phone = (width: number) => ({ viewport: { width, height: 780 }, hasTouch: true, isMobile: true });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** A finger dragging the page up by `distance` pixels, as a phone's touch screen reports it. */
async function swipeUp(page: Page, distance: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { height } = page.viewportSize() ?? { height: 780 };
  const start = Math.round(height * 0.75);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 180, y: start }] });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: 180, y: start - (distance * step) / 10 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits until a fling has come to rest. */
async function scrollSettled(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const before = await page.evaluate(() => window.scrollY);
      await page.waitForTimeout(200);
      return (await page.evaluate(() => window.scrollY)) === before;
    })
    .toBe(true);
}

/** What the cart's deals take off, in cents. */
async function discountsIn(cart: Locator): Promise<number> {
  return (await cart.locator('[data-total="discount"]').allTextContents()).reduce(
    (sum, text) => sum + centsOf(text),
    0,
  );
}

/** Every toast on screen keeps clear of `targets`, and stays inside the window. (A modal dialog hides the toaster's list from assistive technology, which hears toasts through their live announcement, so they are found by their markup.) */
async function expectToastsClearOf(page: Page, targets: Locator[]): Promise<void> {
  const toasts = page.locator('[data-toast-viewport] li[data-state="open"]');
  await expect(toasts.first()).toBeVisible();
  const { width } = page.viewportSize() ?? { width: 0 };
  for (const toast of await toasts.all()) {
    if (!(await toast.isVisible())) continue;
    const box = await boxOf(toast);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    for (const target of targets)
      expect(overlaps(box, await boxOf(target)), `a toast covers ${target.toString()}`).toBe(false);
  }
}

/** What each shop's layout (2, 1, 3 and 4) must do on a phone, run pairwise over shops and widths. */
type ShopCheck = { name: string; run: (page: Page, slug: string, width: number) => Promise<void> };

const shopChecks: ShopCheck[] = [
  {
    name: "the View order bar shows the count and the items' subtotal, opens the cart, and gets focus back",
    run: async (page, slug, width) => {
      await openShopAt(page, slug, wednesdayEvening);
      await expect(page.locator('[data-order-bar]')).toHaveCount(0);
      await addProduct(page, 0);
      await addProduct(page, 1);

      const bar = page.getByRole('button', { name: /^View order · 2 items · \$[\d,]+\.\d\d$/ });
      await expect(bar).toBeVisible();
      const box = await boxOf(bar);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeGreaterThan(780 - 32);
      expect(box.y + box.height).toBeLessThanOrEqual(780);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      const shown = centsOf(await bar.getAttribute('aria-label'));
      await expect(page.locator('[data-cart-button]')).toHaveAttribute(
        'aria-label',
        `Cart, 2 items, ${(await bar.getAttribute('aria-label'))?.split(' · ')[2]}`,
      );

      await bar.tap();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      await expect(cart.locator('[data-total="total"]')).toBeVisible();
      expect(centsOf(await cart.locator('[data-total="subtotal"]').textContent()) - (await discountsIn(cart))).toBe(
        shown,
      );
      // A delivery order's fee is its own line and is not part of what the bar and the header show.
      const delivery = (await cart.getByRole('button', { name: 'Delivery', pressed: true }).count()) > 0;
      const fee = delivery ? centsOf(await cart.locator('[data-total="delivery"]').textContent()) : 0;
      if (delivery) expect(fee).toBeGreaterThan(0);
      expect(centsOf(await cart.locator('[data-total="total"]').textContent())).toBe(shown + fee);
      await expect(bar).toBeHidden();

      await page.keyboard.press('Escape');
      await expect(cart).toHaveCount(0);
      await expect(bar).toBeFocused();
    },
  },
  {
    name: 'the group navigation sticks under the top and follows the scroll, moving nothing',
    run: async (page, slug, width) => {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
        Object.assign(window, { layoutShifts: shifts });
      });
      await openShopAt(page, slug, wednesdayEvening);
      // Only what moves while the customer scrolls counts here; the page's own load is measured by `npm run bench:page`.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.splice(0));
      const nav = page.getByRole('navigation', { name: 'Menu sections' });
      const links = nav.getByRole('link');
      const names = await links.allTextContents();
      expect(names.length).toBeGreaterThan(4);

      const third = nav.getByRole('link', { name: names[2] ?? '', exact: true });
      await third.tap();
      await expect(third).toHaveAttribute('aria-current', 'true');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      expect((await boxOf(nav)).y).toBeLessThanOrEqual(1);
      const heading = page.getByRole('heading', { level: 3, name: names[2] ?? '', exact: true });
      expect((await boxOf(heading)).y).toBeGreaterThanOrEqual((await boxOf(nav)).height);

      // Reading on by swiping: the link of whichever later group is current comes into sight in the row.
      for (let swipes = 0; swipes < 20 && (await third.getAttribute('aria-current')) === 'true'; swipes += 1) {
        await swipeUp(page, 400);
        await scrollSettled(page);
      }
      const current = nav.locator('[aria-current="true"]');
      await expect(current).toHaveCount(1);
      const reading = names.indexOf((await current.textContent()) ?? '');
      expect(reading).toBeGreaterThan(2);
      const navBox = await boxOf(nav);
      const currentBox = await boxOf(current);
      expect(currentBox.x).toBeGreaterThanOrEqual(navBox.x);
      expect(currentBox.x + currentBox.width).toBeLessThanOrEqual(navBox.x + navBox.width);
      // The current group's heading is the last one above the middle of the screen.
      const tops = await page.evaluate(
        (titles) =>
          titles.map(
            (title) =>
              [...document.querySelectorAll('h3')].find((h) => h.textContent === title)?.getBoundingClientRect().top ??
              Infinity,
          ),
        names,
      );
      expect(tops[reading]).toBeLessThan(780 / 2);
      expect(tops[reading + 1] ?? Infinity).toBeGreaterThan(0);

      expect(
        await page.evaluate(() =>
          (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
        ),
      ).toBeLessThan(0.005);

      // The last group, scrolled to, is marked and its link shown whole although the row is wider than the screen.
      const last = names.at(-1) ?? '';
      await page
        .getByRole('heading', { level: 3, name: last, exact: true })
        .evaluate((element) => element.closest('section')?.scrollIntoView());
      await expect(nav.getByRole('link', { name: last, exact: true })).toHaveAttribute('aria-current', 'true');
      await expect
        .poll(async () => {
          const box = await boxOf(nav.getByRole('link', { name: last, exact: true }));
          return box.x + box.width <= width && box.x >= 0;
        })
        .toBe(true);
    },
  },
];

const phones = [
  { name: 'phone 360 px', width: 360 },
  { name: 'phone 390 px', width: 390 },
];

// Every check on every shop, and each shop and each check on both widths: 8 journeys, not 16.
const shopPlan = pairwisePlan(shopChecks, TRADING_SAMPLE_SHOPS, phones);

for (const screen of phones) {
  const { width } = screen;
  test.describe(screen.name, () => {
    test.use(phone(width));

    test('Back closes the cart and checkout panels and stays in the shop; closing one with its button leaves Back as it was', async ({
      page,
    }) => {
      await openShopAt(page, 'bella-napoli', wednesdayEvening);
      const shop = page.url();
      await addProduct(page, 0);
      const cart = page.getByRole('dialog', { name: 'Your order' });
      const checkout = page.getByRole('dialog', { name: 'Checkout' });

      await page.locator('[data-cart-button]').click();
      await expect(cart).toBeVisible();
      await page.goBack();
      await expect(cart).toHaveCount(0);
      expect(page.url()).toBe(shop);

      await page.locator('[data-cart-button]').click();
      // Pickup has no minimum order: Checkout opens with one dish.
      await cart.getByRole('button', { name: 'Pickup' }).click();
      await cart.getByRole('button', { name: 'Checkout' }).click();
      await expect(checkout).toBeVisible();
      await page.goBack();
      await expect(checkout).toHaveCount(0);
      await expect(cart).toHaveCount(0);
      expect(page.url()).toBe(shop);

      // Closed with its own button, the panel takes its history entry with it: one Back still closes the next panel.
      await page.locator('[data-cart-button]').click();
      await cart.getByRole('button', { name: 'Close' }).click();
      await expect(cart).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => history.length)).toBeGreaterThan(0);
      await page.locator('[data-cart-button]').click();
      await page.goBack();
      await expect(cart).toHaveCount(0);
      expect(page.url()).toBe(shop);
      await expect(page.locator('[data-add-product]').first()).toBeVisible();
    });

    test('what changes the order shows on the phone, never over the cart’s total or its button', async ({ page }) => {
      await openShopAt(page, 'bella-napoli', wednesdayEvening);
      await addProduct(page, 0);
      const notice = page.locator('[data-phone-notice]');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Item added to cart');
      // The spec's toaster stays hidden on a phone; the notice is what the customer sees.
      await expect(page.locator('[data-toast-viewport]')).toBeHidden();
      const bar = page.getByRole('button', { name: /^View order · 1 item · / });
      expect(overlaps(await boxOf(notice), await boxOf(bar))).toBe(false);
      expect(overlaps(await boxOf(notice), await boxOf(page.locator('[data-cart-button]')))).toBe(false);

      await addProduct(page, 1);
      await expect(notice).toBeVisible();
      await page.getByRole('button', { name: /^View order · 2 items · / }).tap();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      for (const part of [cart.locator('[data-total="total"]'), cart.getByRole('button', { name: 'Checkout' })])
        expect(overlaps(await boxOf(notice), await boxOf(part))).toBe(false);
      // It goes with its toast, and taps pass through it meanwhile.
      await page.clock.runFor(6000);
      await expect(notice).toHaveCount(0);
    });

    for (const [check, slug] of shopPlan.filter(([, , on]) => on === screen))
      test(`${slug}: ${check.name}`, ({ page }) => check.run(page, slug, width));

    test('crust-and-co: the popular strip fades at its end while more of it lies beyond, and not at its start', async ({
      page,
    }) => {
      await openShopAt(page, 'crust-and-co', wednesdayEvening);
      const strip = page.getByRole('region', { name: 'Popular right now' }).getByRole('list');
      const fades = () =>
        strip.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            mask: style.maskImage,
            start: style.getPropertyValue('--strip-fade-start'),
            end: style.getPropertyValue('--strip-fade-end'),
          };
        });
      expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect((await fades()).mask).toContain('linear-gradient');
      expect(await fades()).toMatchObject({ start: '0px', end: '40px' });
      await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect.poll(fades).toMatchObject({ start: '40px', end: '0px' });
    });

    test('crust-and-co: Tab from the page load lands on "Skip to menu" first, and it leads into the menu', async ({
      page,
    }) => {
      await openShopAt(page, 'crust-and-co', wednesdayEvening);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to menu' });
      await expect(skip).toBeFocused();
      const box = await boxOf(skip);
      expect(box.width).toBeGreaterThan(40);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('#menu') !== null)).toBe(true);
    });
  });
}

test.describe('desktop', () => {
  test('the cart stays reachable once the header has scrolled away', async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    await addProduct(page, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    const button = page.getByRole('button', { name: /^View order · 1 item · \$/ });
    await expect(button).toBeHidden();
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, 2500);
    await expect(button).toBeVisible();
    await expect(page.locator('[data-cart-button]')).not.toBeInViewport();
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Your order' })).toBeVisible();
  });

  test('layout 2’s side navigation marks the group scrolled to', async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    const nav = page.getByRole('navigation', { name: 'Menu sections' });
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, 1200);
    await expect(nav.locator('[aria-current="true"]')).toHaveCount(1);
    for (const group of ['Pasta', 'Desserts']) {
      await page
        .getByRole('heading', { level: 3, name: group, exact: true })
        .evaluate((element) => element.closest('section')?.scrollIntoView());
      await expect(nav.getByRole('link', { name: group, exact: true })).toHaveAttribute('aria-current', 'true');
      await expect(nav.locator('[aria-current="true"]')).toHaveCount(1);
      await expect(nav).toBeInViewport();
    }
  });

  for (const width of [1280, 800]) {
    test(`${width} px: toasts keep clear of the cart's totals and Checkout button, and of the checkout's`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await openShopAt(page, 'bella-napoli', wednesdayEvening);
      await addProduct(page, 0);
      await addProduct(page, 1);
      // As if the customer had switched windows: the "Item added to cart" toasts wait (spec: they pause while the window has no focus).
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      await page.locator('[data-cart-button]').click();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      const checkoutButton = cart.getByRole('button', { name: 'Checkout' });
      await expect(checkoutButton).toBeEnabled();
      await expectToastsClearOf(page, [
        checkoutButton,
        cart.getByRole('definition').first(),
        cart.locator('[data-total="total"]'),
      ]);

      await checkoutButton.click();
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      const place = checkout.getByRole('button', { name: /^Place order/ });
      await expect(place).toBeVisible();
      await expectToastsClearOf(page, [place, checkout.locator('[data-total="total"]')]);
    });
  }

  test('the deals strip has next and previous buttons for a mouse, and fades where more lies beyond', async ({
    page,
  }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    const strip = page.getByRole('region', { name: 'Deals' }).getByRole('list').first();
    await strip.scrollIntoViewIfNeeded();
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const box = await boxOf(strip);
    const scrolled = () => strip.evaluate((element) => element.scrollLeft);
    const endFade = () => strip.evaluate((element) => getComputedStyle(element).getPropertyValue('--strip-fade-end'));
    expect(await endFade()).toBe('40px');
    // The buttons sit on the strip's edges, 1.25rem plus a quarter from each side.
    await page.mouse.click(box.x + box.width - 24, box.y + box.height / 2);
    await expect.poll(scrolled).toBeGreaterThan(0);
    await page.mouse.click(box.x + 24, box.y + box.height / 2);
    await expect.poll(scrolled).toBe(0);
  });

  test('adding a deal says "Deal added" once', async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    await page.getByRole('link', { name: 'Choose items for Any Two Large Pizzas' }).click();
    const builder = page.getByRole('dialog', { name: 'Any Two Large Pizzas' });
    const units = builder.locator('[data-special-unit]');
    await expect(units).toHaveCount(2);
    for (const [index, dish] of [
      [0, 'Margherita'],
      [1, 'Diavola'],
    ] as const) {
      await units.nth(index).getByLabel('Item').selectOption({ label: dish });
      await units.nth(index).getByLabel('Base').selectOption({ index: 1 });
    }
    await builder.getByRole('button', { name: 'Add deal to cart' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await expect(toasts.filter({ hasText: 'Deal added' })).toHaveCount(1);
    await expect(toasts.filter({ hasText: 'Deal added' })).toContainText('Any Two Large Pizzas is in your cart.');
    await page.waitForTimeout(500);
    await expect(toasts).toHaveCount(1);

    // The header shows what the items cost with the deal taken off, without the delivery fee.
    const header = page.locator('[data-cart-button]');
    await header.click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await expect(cart.locator('[data-special-line]')).toContainText('Any Two Large Pizzas');
    const items = centsOf(await cart.locator('[data-total="subtotal"]').textContent()) - (await discountsIn(cart));
    expect(await discountsIn(cart)).toBeGreaterThan(0);
    expect(centsOf(await header.getAttribute('aria-label'))).toBe(items);
    expect(centsOf(await cart.locator('[data-total="total"]').textContent())).toBe(
      items + centsOf(await cart.locator('[data-total="delivery"]').textContent()),
    );
  });

  test('pages without a menu skip to their main content', async ({ page }) => {
    await page.goto(tenantUrl('bella-napoli', '/reset-password'));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main#main') !== null)).toBe(true);
  });

  const openers: { name: string; opener: (page: Page) => Locator; dialog: string | RegExp }[] = [
    {
      name: 'a dish’s Add link',
      opener: (page) => page.getByRole('link', { name: 'Add Margherita' }),
      dialog: 'Margherita',
    },
    {
      name: 'a popular dish',
      opener: (page) => page.getByRole('region', { name: 'Popular right now' }).getByRole('link').first(),
      dialog: /./,
    },
    { name: 'the header’s cart button', opener: (page) => page.locator('[data-cart-button]'), dialog: 'Your order' },
    {
      name: 'the Account link',
      opener: (page) => page.getByRole('banner').getByRole('link', { name: 'Account' }),
      dialog: 'Log in or sign up',
    },
    {
      name: 'the order time bar',
      opener: (page) => page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }),
      dialog: 'Order time',
    },
    { name: 'Find a deal', opener: (page) => page.getByRole('link', { name: 'Find a deal' }), dialog: 'Deals' },
    {
      name: 'a deal’s Choose items link',
      opener: (page) => page.getByRole('link', { name: 'Choose items for Any Two Large Pizzas' }),
      dialog: 'Any Two Large Pizzas',
    },
    {
      name: 'the header’s Book a table link',
      opener: (page) => page.getByRole('banner').getByRole('link', { name: 'Book a table' }),
      dialog: 'Book a table',
    },
    {
      name: 'the header’s Delivery areas link',
      opener: (page) => page.getByRole('banner').getByRole('link', { name: 'Delivery areas' }),
      dialog: 'Delivery areas',
    },
    {
      name: 'the footer’s mailing list link',
      opener: (page) => page.getByRole('link', { name: 'Join our mailing list' }),
      dialog: 'Join our mailing list',
    },
  ];

  test('Escape from each dialog gives focus back to the control that opened it', async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    for (const { name, opener, dialog } of openers) {
      const control = opener(page);
      await control.focus();
      await page.keyboard.press('Enter');
      const open = page.getByRole('dialog', { name: dialog });
      await expect(open, name).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(open, name).toHaveCount(0);
      await expect(control, name).toBeFocused();
    }
  });

  test('a dialog opened from another gives focus back to the first one’s opener', async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    await addProduct(page, 0);
    await addProduct(page, 1);
    const cartButton = page.locator('[data-cart-button]');
    const cart = page.getByRole('dialog', { name: 'Your order' });

    await cartButton.focus();
    await page.keyboard.press('Enter');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(checkout).toHaveCount(0);
    await expect(cartButton).toBeFocused();

    await page.keyboard.press('Enter');
    await cart
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const builder = page.getByRole('dialog', { name: 'Margherita' });
    await expect(builder).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(builder).toHaveCount(0);
    await expect(cartButton).toBeFocused();
  });
});
