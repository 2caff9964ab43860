import { expect, test, type Browser, type Page } from '@playwright/test';
import { promoPaths } from '../../lib/api/promo-contract.ts';
import { paymentChoiceLabels } from '../../lib/cart/checkout.ts';
import type { PromoCode } from '../../lib/cart/promo.ts';
import { formatMoney } from '../../lib/pricing/money.ts';
import { signInToConsole } from './console-support.ts';
import {
  addProduct,
  centsOf,
  fillGuestDetails,
  laterPickupAtCheckout,
  openShopNow,
  orderForALaterSlot,
} from './ordering-support.ts';
import { usePayingStack } from './paying-stack.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';

/**
 * Issue 30, item 3, at 390 px on touch: the owner creates codes in the console and the kitchen
 * reads them; a promo code applies at checkout with its saving on a line of its own and in the
 * Place order total; place-order stores exactly that total and the kitchen's board shows the code;
 * an expired code and one used up are refused in words, also when used up after it was applied.
 */

const SLUG = 'bella-napoli';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use({ ...PHONE, deviceScaleFactor: 2 });

const stack = usePayingStack(SLUG);

/** The owner sets the shop's codes through the staff API, as the console's Promo codes does (sample-staff.ts's account). */
async function ownerSetsCodes(codes: readonly PromoCode[]): Promise<void> {
  const signIn = await fetch(`${stack().apiUrl}/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SLUG, email: `owner@${SLUG}.test`, password: `${SLUG}-owner` }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const authorization = `Bearer ${token}`;
  const listed = await fetch(`${stack().apiUrl}${promoPaths.promoCodes}`, { headers: { authorization } });
  const { codes: before } = (await listed.json()) as { codes: PromoCode[] };
  const saved = await fetch(`${stack().apiUrl}${promoPaths.promoCodes}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ codes, before }),
  });
  expect(saved.status).toBe(200);
}

async function pickupAtCheckout(page: Page) {
  await openShopNow(page, SLUG);
  const checkout = await laterPickupAtCheckout(page);
  await fillGuestDetails(checkout);
  await checkout.getByLabel(paymentChoiceLabels.cash).check();
  return checkout;
}

async function apply(checkout: ReturnType<Page['getByRole']>, code: string) {
  await checkout.getByLabel('Promo code').fill(code);
  await checkout.getByRole('button', { name: 'Apply' }).tap();
}

test('a code applies at checkout, place-order charges exactly what it showed, the board shows it; expired and used-up codes are refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await ownerCreatesCodes(browser);
  await kitchenReadsCodes(browser);
  const checkout = await pickupAtCheckout(page);
  const before = centsOf(await checkout.locator('[data-total="total"]').textContent());

  await apply(checkout, 'over');
  await expect(checkout.getByText('This code ended on')).toBeVisible();
  await expect(checkout.locator('[data-total="promo"]')).toHaveCount(0);

  await apply(checkout, 'save5');
  await expect(checkout.locator('[data-promo-applied="SAVE5"]')).toBeVisible();
  expect(centsOf(await checkout.locator('[data-total="promo"]').textContent())).toBe(500);
  const shown = centsOf(await checkout.locator('[data-total="total"]').textContent());
  expect(shown).toBe(before - 500);
  await expect(page.locator('[data-checkout-bar-total]')).toHaveText(formatMoney(shown));
  await expectNoSidewaysScroll(page);
  await checkout.getByRole('button', { name: /^Place order/ }).tap();

  await expect(page).toHaveURL(/\/order\/\?id=/);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(shown);
  await expect(page.getByText('Promo SAVE5')).toBeVisible();
  const [placed] = await stack().board();
  expect(placed).toMatchObject({ total: shown / 100, promoCode: 'SAVE5', promoSaving: 5, paymentMethod: 'cash' });
  await ownerSeesTheCode(browser, placed?.orderNumber ?? 0);

  // The code had one use: the next customer is told so, and their total stays as it was.
  const next = await pickupAtCheckout(page);
  const full = centsOf(await next.locator('[data-total="total"]').textContent());
  await apply(next, 'SAVE5');
  await expect(next.getByText('This code has been used up.')).toBeVisible();
  expect(centsOf(await next.locator('[data-total="total"]').textContent())).toBe(full);
});

async function ownerSeesTheCode(browser: Browser, orderNumber: number): Promise<void> {
  const owner = await consoleOnPhone(browser, 'owner');
  const card = owner.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.locator('[data-promo]')).toHaveText('Promo SAVE5 −$5.00 (out of the total)');
  await owner.context().close();
}

async function consoleOnPhone(browser: Browser, role: 'owner' | 'kitchen'): Promise<Page> {
  const staff = await (await browser.newContext(PHONE)).newPage();
  await stack().usedBy(staff);
  await signInToConsole(staff, SLUG, role);
  return staff;
}

async function openPromoCodes(staff: Page): Promise<void> {
  await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Promo codes' }).tap();
  await expect(staff.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
}

/**
 * The owner adds SAVE5 ($5 off, one use) and OVER, whose last day they then set long ago, in the
 * console, and ends a third; a mistake is shown on its field, and nothing typed is lost.
 */
async function ownerCreatesCodes(browser: Browser): Promise<void> {
  const owner = await consoleOnPhone(browser, 'owner');
  await openPromoCodes(owner);
  await expect(owner.getByText('No promo codes yet.')).toBeVisible();

  await owner.getByRole('button', { name: 'Add a code' }).tap();
  let form = owner.getByRole('region', { name: 'New promo code' });
  await form.getByLabel('Code', { exact: true }).fill('save5');
  await form.getByLabel('Dollars off ($)').fill('5');
  await form.getByLabel('Total uses').fill('1');
  // A save that does not reach the shop keeps everything typed, to save again.
  await owner.context().setOffline(true);
  await form.getByRole('button', { name: 'Save code' }).tap();
  await expect(form.getByRole('alert')).toContainText('SAVE5 not added:');
  await expect(form.getByLabel('Total uses')).toHaveValue('1');
  await owner.context().setOffline(false);
  await form.getByRole('button', { name: 'Save code' }).tap();
  const save5 = owner.getByRole('article', { name: 'SAVE5' });
  await expect(save5).toContainText('$5.00 off');
  await expect(save5.locator('[data-promo-uses]')).toHaveText('0 of 1 used');

  await owner.getByRole('button', { name: 'Add a code' }).tap();
  form = owner.getByRole('region', { name: 'New promo code' });
  await form.getByLabel('Code', { exact: true }).fill('OVER');
  await form.getByLabel('Dollars off ($)').fill('five');
  await form.getByRole('button', { name: 'Save code' }).tap();
  const amount = form.getByLabel('Dollars off ($)');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/Enter the dollars off/);
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue('OVER');
  await expectNoSidewaysScroll(owner);
  expect(await seriousViolations(owner)).toEqual([]);
  await amount.fill('5');
  await form.getByRole('button', { name: 'Save code' }).tap();
  const over = owner.getByRole('article', { name: 'OVER' });
  await expect(over).toContainText('Any order, any time');

  await over.getByRole('button', { name: 'Edit' }).tap();
  form = owner.getByRole('region', { name: 'Change OVER' });
  await form.getByLabel('Last day').fill('2020-01-01');
  await form.getByRole('button', { name: 'Save code' }).tap();
  await expect(over).toContainText('Ended Wed 1 Jan 2020');
  await expect(owner.getByText('Saved OVER.')).toBeVisible();

  await owner.getByRole('button', { name: 'Add a code' }).tap();
  form = owner.getByRole('region', { name: 'New promo code' });
  await form.getByLabel('Code', { exact: true }).fill('FREE');
  await form.getByRole('radio', { name: 'Free delivery' }).check();
  await form.getByRole('button', { name: 'Save code' }).tap();
  const free = owner.getByRole('article', { name: 'FREE' });
  await expect(free).toContainText('Delivery orders only');
  await free.getByRole('button', { name: 'End' }).tap();
  await free.getByRole('button', { name: 'Yes, end FREE' }).tap();
  await expect(free).toHaveCount(0);
  await owner.context().close();
}

/** The kitchen reads the codes, to answer a customer, with nothing to change them by. */
async function kitchenReadsCodes(browser: Browser): Promise<void> {
  const kitchen = await consoleOnPhone(browser, 'kitchen');
  await openPromoCodes(kitchen);
  await expect(kitchen.getByRole('article', { name: 'SAVE5' })).toContainText('0 of 1 used');
  await expect(kitchen.getByRole('article', { name: 'OVER' })).toContainText('$5.00 off');
  await expect(kitchen.getByText('Only the owner creates, changes or ends codes.')).toBeVisible();
  await expect(kitchen.getByRole('button', { name: /^(Add a code|Edit|End)$/ })).toHaveCount(0);
  await kitchen.context().close();
}

test('a code used up between applying it and Place order is named; the cart and details stay, and the order goes at the full price', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await ownerSetsCodes([{ code: 'ONCE', saving: { kind: 'amount', amount: 5 }, maxUses: 1 }]);
  const checkout = await pickupAtCheckout(page);
  const full = centsOf(await checkout.locator('[data-total="total"]').textContent());
  await apply(checkout, 'once');
  await expect(checkout.locator('[data-promo-applied="ONCE"]')).toBeVisible();

  // Another customer uses the code's only use first.
  const other = await (await browser.newContext(PHONE)).newPage();
  await stack().usedBy(other);
  const theirs = await pickupAtCheckout(other);
  await apply(theirs, 'ONCE');
  await expect(theirs.locator('[data-promo-applied="ONCE"]')).toBeVisible();
  await theirs.getByRole('button', { name: /^Place order/ }).tap();
  await expect(other).toHaveURL(/\/order\/\?id=/);
  await other.context().close();

  await checkout.getByRole('button', { name: /^Place order/ }).tap();
  await expect(checkout.locator('[data-checkout-error]')).toHaveText(
    'Promo code ONCE: This code has been used up. Remove the code to place your order at the full price.',
  );
  await expect(page).not.toHaveURL(/\/order\//);
  await expect(checkout.getByLabel('Name')).toHaveValue('Grace Hopper');
  await expect(checkout.getByLabel('Email')).toHaveValue('grace@example.com');
  await expect(checkout.getByLabel(paymentChoiceLabels.cash)).toBeChecked();

  await checkout.locator('[data-promo-applied="ONCE"]').getByRole('button', { name: 'Remove' }).tap();
  await expect(checkout.locator('[data-checkout-error]')).toHaveCount(0);
  await expect(checkout.locator('[data-total="promo"]')).toHaveCount(0);
  expect(centsOf(await checkout.locator('[data-total="total"]').textContent())).toBe(full);
  await checkout.getByRole('button', { name: /^Place order/ }).tap();

  await expect(page).toHaveURL(/\/order\/\?id=/);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(full);
  const placed = await stack().board();
  expect(placed).toHaveLength(2);
  expect(placed).toContainEqual(expect.objectContaining({ total: full / 100, promoCode: null }));
  expect(placed).toContainEqual(expect.objectContaining({ total: (full - 500) / 100, promoCode: 'ONCE' }));
});

test('a code applied in the cart shows its saving there and goes on to checkout; place-order charges that total and the board shows the code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ownerSetsCodes([{ code: 'CART10', saving: { kind: 'percent', percent: 10 } }]);
  await openShopNow(page, SLUG);
  await addProduct(page);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).tap();
  await orderForALaterSlot(page);
  await page.locator('[data-cart-button]').tap();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  const food = centsOf(await cart.locator('[data-total="subtotal"]').textContent());
  const full = centsOf(await cart.locator('[data-total="total"]').textContent());

  await cart.getByLabel('Promo code').fill('nope');
  await cart.getByRole('button', { name: 'Apply' }).tap();
  await expect(cart.getByText('We do not know that code.')).toBeVisible();
  await expect(cart.locator('[data-total="promo"]')).toHaveCount(0);
  await cart.getByLabel('Promo code').fill('cart10');
  await cart.getByRole('button', { name: 'Apply' }).tap();
  await expect(cart.locator('[data-promo-applied="CART10"]')).toBeVisible();
  const saving = Math.round(food / 10);
  expect(centsOf(await cart.locator('[data-total="promo"]').textContent())).toBe(saving);
  expect(centsOf(await cart.locator('[data-total="total"]').textContent())).toBe(full - saving);
  // On a 390 px phone the code's line and the total stay in view with the Checkout button.
  await expect(cart.locator('[data-total="promo"]')).toBeInViewport();
  await expect(cart.getByRole('button', { name: 'Checkout' })).toBeInViewport();
  await expectNoSidewaysScroll(page);

  await cart.getByRole('button', { name: 'Checkout' }).tap();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.locator('[data-promo-applied="CART10"]')).toBeVisible();
  expect(centsOf(await checkout.locator('[data-total="promo"]').textContent())).toBe(saving);
  expect(centsOf(await checkout.locator('[data-total="total"]').textContent())).toBe(full - saving);
  await fillGuestDetails(checkout);
  await checkout.getByLabel(paymentChoiceLabels.cash).check();
  await checkout.getByRole('button', { name: /^Place order/ }).tap();

  await expect(page).toHaveURL(/\/order\/\?id=/);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(full - saving);
  const placed = (await stack().board()).find((order) => 'promoCode' in order && order.promoCode === 'CART10');
  expect(placed).toMatchObject({ total: (full - saving) / 100, promoSaving: saving / 100, paymentMethod: 'cash' });
});
