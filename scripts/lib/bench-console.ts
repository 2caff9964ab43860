import type { Browser, Page } from 'playwright-core';
import { sampleStaffAccounts } from '../../server/api/services/sample-staff.ts';
import { createStaffClient, type StaffClient } from '../../apps/console/shell/client.ts';
import type { StaffSignInBody as SignInBody } from '../../lib/api/staff-contract.ts';
import type { StoredSession } from '../../apps/console/shell/session.ts';
import { CONSOLE_LOCAL_HOST } from '../../lib/tenant/hosts.ts';
import { orderForALaterSlot } from '../../tests/e2e/order-time-picker.ts';

/**
 * The staff console as the page benchmarks see it on the stack `npm start` runs: the sample
 * shop's owner signs in, and its board holds a few orders placed through the shop's own pages,
 * some of them taken or ready, so the board's code, data and accessibility are those of a
 * kitchen at work rather than of an empty list.
 */
export const CONSOLE_SHOP = 'bella-napoli';

export const consoleUrl = (webPort: number) => `http://${CONSOLE_LOCAL_HOST}:${webPort}/`;

/** The sample owner account `npm start` seeds for a shop (server/api/services/sample-staff.ts). */
export function ownerSignIn(slug: string): SignInBody {
  const owner = sampleStaffAccounts(slug).find((account) => account.role === 'owner');
  if (!owner) throw new Error(`no sample owner for ${slug}`);
  return { retailer: slug, email: owner.email, password: owner.password };
}

/** Signs the owner in through the stack's staff API, as the console would: the session to keep and a client holding it. */
export async function signInThroughApi(
  apiPort: number,
  slug: string,
): Promise<{ session: StoredSession; client: StaffClient }> {
  let token: string | null = null;
  const client = createStaffClient({ baseUrl: `http://localhost:${apiPort}`, token: () => token });
  const answer = await client.signIn(ownerSignIn(slug));
  token = answer.token;
  return { session: { token: answer.token, expiresAt: answer.expiresAt }, client };
}

const customers = [
  { name: 'Grace Hopper', phone: '0400 111 222', email: 'grace@example.com', notes: 'Ring the bell twice, please.' },
  { name: 'Alan Turing', phone: '0400 333 444', email: 'alan@example.com', notes: '' },
  { name: 'Ada Lovelace', phone: '0400 555 666', email: 'ada@example.com', notes: 'No onions on anything.' },
  { name: 'Edsger Dijkstra', phone: '0400 777 888', email: 'edsger@example.com', notes: '' },
];

/** Adds the menu's n-th product with the first choice of every required option. */
async function addProduct(page: Page, index: number): Promise<void> {
  await page.locator('[data-add-product]').nth(index).click();
  const builder = page.getByRole('dialog');
  await builder.locator('[data-builder-submit]').waitFor();
  for (const group of await builder.locator('fieldset[data-field^="option-"][data-required="true"]').all())
    await group.getByRole('radio').first().check();
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await builder.waitFor({ state: 'detached' });
}

/**
 * One customer's order through the shop's home page: two dishes, pickup at the first time of the
 * day after next (a time the API's own clock accepts whenever this runs), placed at checkout.
 */
async function placeOrder(
  browser: Browser,
  webPort: number,
  slug: string,
  customer: (typeof customers)[number],
  first: number,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() =>
      sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))),
    );
    await page.goto(`http://${slug}.localhost:${webPort}/`);
    await page.keyboard.press('Shift');
    const bar = page.locator('[data-order-time-bar]');
    await bar.locator('[aria-pressed="true"]').waitFor();
    await addProduct(page, first);
    await addProduct(page, first + 1);
    await bar.getByRole('button', { name: 'Pickup' }).click();
    await orderForALaterSlot(page);
    await page.getByRole('dialog', { name: 'Order time' }).waitFor({ state: 'detached' });
    await page.locator('[data-cart-button]').click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    if (customer.notes) {
      await cart.getByLabel('Notes for the kitchen').fill(customer.notes);
      await cart.getByLabel('Notes for the kitchen').blur();
    }
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByLabel('Name').fill(customer.name);
    await checkout.getByLabel('Phone').fill(customer.phone);
    await checkout.getByLabel('Email').fill(customer.email);
    await checkout.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/order\/\?id=/, { timeout: 30_000 });
  } finally {
    await context.close();
  }
}

/**
 * Fills the shop's board: four orders placed through its pages, the oldest taken and made ready,
 * the next taken, two new. Answers how many orders the board shows.
 */
export async function fillBoard(
  browser: Browser,
  webPort: number,
  apiPort: number,
  slug = CONSOLE_SHOP,
): Promise<number> {
  for (const [index, customer] of customers.entries()) await placeOrder(browser, webPort, slug, customer, index * 2);
  const { client } = await signInThroughApi(apiPort, slug);
  const oldestFirst = (await client.orders()).orders.toReversed();
  const [oldest, next] = oldestFirst;
  if (!oldest || !next || oldestFirst.length !== customers.length)
    throw new Error(`the board of ${slug} holds ${oldestFirst.length} orders, not the ${customers.length} just placed`);
  await client.take(oldest.encryptedOrderId);
  await client.ready(oldest.encryptedOrderId);
  await client.take(next.encryptedOrderId);
  await client.signOut();
  return oldestFirst.length;
}
