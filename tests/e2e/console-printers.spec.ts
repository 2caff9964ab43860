import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRINTING } from '../../server/api/printing/print-jobs.ts';
import {
  kitchenSettingsResponseSchema,
  printerPaths,
  staffPrintersResponseSchema,
} from '../../lib/api/printer-contract.ts';
import { staffOrdersResponseSchema, staffPaths, staffSignInResponseSchema } from '../../lib/api/staff-contract.ts';
import { decodeEscPos, type PrintedJob } from '../../server/api/tests/support/escpos-decoder.ts';
import { addProduct, checkoutWithNotes, openShopNow, orderForALaterSlot } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { consoleOrigin, stackApiUrl } from './urls.ts';

/**
 * Issue 28 items 4-5 on the stack the global setup starts: the owner's 768 px touch tablet adds a
 * network printer (a loopback raw-TCP sink started here, which decodes what it receives), prints a
 * test ticket and turns auto-accept on; a customer's order is then accepted and printed with no
 * staff tap. Other journeys order from this shop too: auto-accept is on only around the one order,
 * and the shop is put back (auto-accept off, the printer gone) whatever happens.
 */

const SHOP = 'harbour-pizza';
const owner = { email: `owner@${SHOP}.test`, password: `${SHOP}-owner` };
const tablet = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LIVE_WAIT_MS = 15_000;
const PRINTER_NAME = `E2E oven ${process.pid}`;

async function ownerToken(): Promise<string> {
  const answer = await fetch(stackApiUrl(staffPaths.signIn), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SHOP, ...owner }),
  });
  expect(answer.status).toBe(200);
  return staffSignInResponseSchema.parse(await answer.json()).token;
}

/** Auto-accept off and this journey's printer gone, through the API, as every other journey expects the shop. */
async function putShopBack(): Promise<void> {
  const token = await ownerToken();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const off = await fetch(stackApiUrl(printerPaths.kitchenSettings), {
    method: 'PUT',
    headers,
    body: JSON.stringify({ autoAccept: false }),
  });
  expect(kitchenSettingsResponseSchema.parse(await off.json()).settings.autoAccept).toBe(false);
  const listed = await fetch(stackApiUrl(printerPaths.printers), { headers });
  for (const printer of staffPrintersResponseSchema.parse(await listed.json()).printers)
    if (printer.name === PRINTER_NAME)
      expect(
        (await fetch(stackApiUrl(printerPaths.removePrinter(printer.printerId)), { method: 'POST', headers })).status,
      ).toBe(204);
}

interface Sink {
  port: number;
  next(): Promise<PrintedJob>;
  /** Tickets received and not yet read with next(). */
  unread(): number;
  close(): Promise<void>;
}

/**
 * A kitchen printer's raw port on 127.0.0.1, on the first free one of the ports the API lets an
 * owner name (9100-9109): each connection is one ticket, decoded as the printer would print it.
 */
async function startPrinterSink(): Promise<Sink> {
  const received: Buffer[] = [];
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(Buffer.from(chunk)));
    socket.on('end', () => {
      received.push(Buffer.concat(chunks));
      socket.end();
    });
  });
  for (let candidate = DEFAULT_PRINTING.tcpPorts.min; candidate <= DEFAULT_PRINTING.tcpPorts.max; candidate += 1) {
    server.listen(candidate, '127.0.0.1');
    const [outcome] = await Promise.race([
      once(server, 'listening').then(() => ['listening'] as const),
      once(server, 'error').then(() => ['taken'] as const),
    ]);
    if (outcome === 'listening')
      return {
        port: candidate,
        async next() {
          await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
          return decodeEscPos(received.shift() ?? Buffer.alloc(0));
        },
        unread: () => received.length,
        close: () => new Promise((resolve) => server.close(() => resolve())),
      };
  }
  throw new Error('no printer port from 9100 to 9109 is free on this machine');
}

const texts = (job: PrintedJob) => job.lines.map((line) => line.text);

/** A customer's pickup for later on the shop's pages, up to the Place order button. */
async function customerAtCheckout(customer: Page): Promise<void> {
  await openShopNow(customer, SHOP);
  await addProduct(customer);
  await customer.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(customer);
  const checkout = await checkoutWithNotes(customer, 'Auto-accepted, please');
  await checkout.getByLabel('Name').fill('Ada Lovelace');
  await checkout.getByLabel('Phone').fill('0400 333 444');
  await checkout.getByLabel('Email').fill('ada@example.com');
}

/** Every button and link a thumb must hit at least 44 px tall, nothing wider than the screen, no serious axe issue. */
async function expectFitsAndAccessible(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page, where);
  for (const control of await page.getByRole('main').getByRole('button').all()) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0, `${where}: ${await control.innerText()}`).toBeGreaterThanOrEqual(44);
  }
  expect(await seriousViolations(page), where).toEqual([]);
}

test.beforeAll(putShopBack);

test("the owner adds a TCP printer and turns auto-accept on at 768 px: a customer's order for later is accepted with no staff tap, its page says so, and its ticket waits for its start time", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const sink = await startPrinterSink();
  try {
    const tablet768 = await (await browser.newContext(tablet)).newPage();
    // Other journeys' orders at this shop raise the alert too: acknowledged out of the way, except around this one's.
    const alert = tablet768.getByRole('alertdialog');
    const acknowledgeOthers = () =>
      tablet768.addLocatorHandler(alert, () => alert.getByRole('button', { name: 'Got it' }).click());
    await acknowledgeOthers();
    const printers = tablet768.getByRole('list', { name: 'Kitchen printers' });
    const printer = printers.getByRole('article', { name: PRINTER_NAME });

    await test.step('the owner signs in on the tablet and adds the network printer with its address and port', async () => {
      await tablet768.goto(`${consoleOrigin()}/`);
      await tablet768.getByLabel('Shop').fill('Harbour Pizza');
      await tablet768.getByLabel('Email').fill(owner.email);
      await tablet768.getByLabel('Password').fill(owner.password);
      await tablet768.getByRole('button', { name: 'Sign in' }).tap();
      await expect(tablet768.getByText('Live: new orders show at once.')).toBeVisible({ timeout: LIVE_WAIT_MS });
      await tablet768
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: 'Printers' })
        .tap();
      await expect(tablet768.getByRole('heading', { name: 'Printers', level: 1 })).toBeVisible();
      const form = tablet768.getByRole('region', { name: 'Add a printer' });
      await form.getByRole('button', { name: 'Add printer' }).tap();
      await expect(form.getByText('Name the printer as the kitchen knows it, e.g. Oven')).toBeVisible();
      await form.getByLabel('Name').fill(PRINTER_NAME);
      await form.getByLabel('Address').fill('127.0.0.1');
      await form.getByLabel('Port').fill(String(sink.port));
      await form.getByRole('button', { name: 'Add printer' }).tap();
      await expect(printer).toContainText(`Network, 127.0.0.1:${sink.port}`);
      await expect(printer).toContainText('No ticket yet');
      await expect(printer).toContainText('Prints everything no other printer takes, on accept.');
      await expectFitsAndAccessible(tablet768, 'printers at 768 px');
    });

    await test.step('a test print reaches the printer, which shows online', async () => {
      await printer.getByRole('button', { name: 'Test print' }).tap();
      await expect(tablet768.getByRole('status').filter({ hasText: 'Test ticket sent' })).toBeVisible();
      const tested = texts(await sink.next());
      expect(tested).toEqual(expect.arrayContaining(['TEST PRINT', 'This printer is connected.']));
      await tablet768.getByRole('button', { name: 'Refresh' }).tap();
      await expect(printer).toContainText('Online');
      await expect(printer).toContainText('Last seen');
    });

    const customer = await (await browser.newContext(phone)).newPage();
    await test.step('a customer gets to the Place order button', () => customerAtCheckout(customer));

    const autoAccept = tablet768.getByRole('switch', { name: 'Auto-accept new orders' });
    let orderNumber = 0;
    await test.step("the owner turns auto-accept on and the customer's order is accepted as it arrives", async () => {
      await autoAccept.tap();
      await expect(autoAccept).toHaveAttribute('aria-checked', 'true');
      await expect(tablet768.getByRole('status').filter({ hasText: 'Auto-accept is on' })).toBeVisible();
      await tablet768.removeLocatorHandler(alert);
      await customer.getByRole('button', { name: /^Place order/ }).tap();
      await expect(customer).toHaveURL(/\/order\/\?id=/);
      orderNumber = Number(((await customer.locator('[data-order-number]').textContent()) ?? '').replace('#', ''));
      expect(orderNumber).toBeGreaterThan(0);
      // Accepted before the customer was answered: the page never shows it waiting.
      await expect(customer.locator('[data-order-status]').getByRole('heading')).toHaveText('Accepted');
    });

    await test.step('the alert says the order was accepted; the owner turns auto-accept off again', async () => {
      await expect(alert).toBeVisible({ timeout: LIVE_WAIT_MS });
      await expect(alert).toContainText(`#${orderNumber}`);
      await expect(alert).toContainText('Accepted by auto-accept');
      // An order for later is cooked at its start time, and its ticket is printed then, not as it arrives.
      await expect(alert).toContainText('tickets print then.');
      await alert.getByRole('button', { name: 'Got it' }).tap();
      await acknowledgeOthers();
      await tablet768.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Orders' }).tap();
      const card = tablet768.getByRole('article', { name: `Order ${orderNumber}`, exact: true });
      await expect(card.locator('[data-auto-accepted]')).toHaveText('By auto-accept, as it arrived');
      await expect(card).toContainText('Cooking');
      await tablet768
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: 'Printers' })
        .tap();
      await autoAccept.tap();
      await expect(autoAccept).toHaveAttribute('aria-checked', 'false');
    });

    await test.step('the API keeps it accepted by auto-accept, and the printer has not been sent its ticket before its start time', async () => {
      const board = await fetch(stackApiUrl(staffPaths.orders(1)), {
        headers: { authorization: `Bearer ${await ownerToken()}` },
      });
      const order = staffOrdersResponseSchema
        .parse(await board.json())
        .orders.find((listed) => listed.orderNumber === orderNumber);
      expect(order).toMatchObject({ state: 'taken', autoAccepted: true });
      // When it does print is server/api/tests/pre-order-printing.test.ts's, on a clock this stack cannot move.
      expect(sink.unread(), 'tickets sent before the order’s start time').toBe(0);
    });

    await test.step('the owner removes the printer, asked twice', async () => {
      await printer.getByRole('button', { name: 'Remove' }).tap();
      await printer.getByRole('button', { name: `Yes, remove ${PRINTER_NAME}` }).tap();
      await expect(printer).toHaveCount(0);
    });
  } finally {
    await putShopBack();
    await sink.close();
  }
});

test('the Printers view fits a 390 px phone in dark mode, and the API refuses a kitchen account auto-accept', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ ...phone, colorScheme: 'dark' })).newPage();
  await page.goto(`${consoleOrigin()}/`);
  await page.getByLabel('Shop').fill(SHOP);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).tap();
  await expect(page.getByText('Live: new orders show at once.')).toBeVisible({ timeout: LIVE_WAIT_MS });
  await page.evaluate(() => (location.hash = '#printers'));
  await expect(page.getByRole('switch', { name: 'Auto-accept new orders' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('radio', { name: 'Star CloudPRNT' }).check();
  await expect(page.getByText("Once added, you get the printer's CloudPRNT server URL")).toBeVisible();
  await expectFitsAndAccessible(page, 'printers at 390 px, dark');

  const kitchenSignIn = await fetch(stackApiUrl(staffPaths.signIn), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SHOP, email: `kitchen@${SHOP}.test`, password: `${SHOP}-kitchen` }),
  });
  const { token } = staffSignInResponseSchema.parse(await kitchenSignIn.json());
  const refused = await fetch(stackApiUrl(printerPaths.kitchenSettings), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ autoAccept: true }),
  });
  expect(refused.status).toBe(403);
});
