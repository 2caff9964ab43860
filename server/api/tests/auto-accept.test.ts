import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import {
  kitchenSettingsResponseSchema,
  printerPaths,
  reprintResponseSchema,
} from '../../../lib/api/printer-contract.ts';
import {
  MAX_BOARD_LIMIT,
  staffAuditResponseSchema,
  staffOrdersResponseSchema,
  staffPaths,
} from '../../../lib/api/staff-contract.ts';
import { orderStatusMessageSchema } from '../../../lib/live/messages.ts';
import { orderStatusTopic } from '../../../lib/live/topics.ts';
import { freePort, waitFor } from '../../broker/mqtt-test-support.ts';
import { AUTO_ACCEPT_NAME } from '../store/board.ts';
import { withStores } from '../store/stores.ts';
import { BROKER_PASSWORD, startListeningBroker, type ListeningBroker } from './support/listening-broker.ts';
import type { PrintedJob } from './support/escpos-decoder.ts';
import { addCloudPrntPrinter, addTcpPrinter } from './support/test-printers.ts';
import { startSink, TEST_PRINTING } from './support/printer-sink.ts';
import { signInShopStaff, staffCall } from './support/shop-staff.ts';
import { onEachStore, placeTestOrder, RETAILER_ID, type TestApi, TEST_OWNER } from './support/test-support.ts';

/**
 * Issue 28 item 4: a shop's auto-accept. Off by default; on, the API accepts each order as it is
 * placed, with no console open, as a staff accept would (stage, step, audit, the customer's page,
 * the tickets), once however many API processes there are; only the owner turns it on.
 */

const SCOPE = { topicPrefix: 'storefront-test', retailerId: RETAILER_ID };
const HOUR_MS = 3_600_000;
const texts = (job: PrintedJob) => job.lines.map((line) => line.text);

let listening: ListeningBroker;
beforeAll(async () => {
  listening = await startListeningBroker(`${SCOPE.topicPrefix}/${SCOPE.retailerId}/#`);
});
afterAll(() => listening.close());

await onEachStore(({ start }) => {
  const startApi = (rateLimits = {}) =>
    start({
      brokerUrl: listening.url,
      brokerOperatorPassword: BROKER_PASSWORD,
      printing: TEST_PRINTING,
      rateLimits: { staffCallsPerAddress: { attempts: 100_000, windowMs: HOUR_MS }, ...rateLimits },
    });
  const setAutoAccept = (api: TestApi, token: string, autoAccept: boolean) =>
    staffCall(api, token, printerPaths.kitchenSettings, { method: 'PUT', body: { autoAccept } });
  const stageOf = async (api: TestApi, encryptedOrderId: string) =>
    apiCalls.getOrder.response.parse((await api.call(apiCalls.getOrder.path, { body: { encryptedOrderId } })).body);

  it("is off by default; on, a placed order is accepted by the API: recorded as the system's, audited once, on the customer's page and the board", async () => {
    const api = await startApi();
    const tokens = await signInShopStaff(api);
    const read = await staffCall(api, tokens.cook, printerPaths.kitchenSettings);
    expect(kitchenSettingsResponseSchema.parse(read.body)).toEqual({ settings: { autoAccept: false } });
    const waiting = await placeTestOrder(api, 'before', { pickup: true });
    expect(await stageOf(api, waiting.encryptedOrderId)).toMatchObject({ orderProcessed: false, kitchenStage: 'new' });

    const on = await setAutoAccept(api, tokens.owner, true);
    expect(kitchenSettingsResponseSchema.parse(on.body)).toEqual({ settings: { autoAccept: true } });
    // Turning it on again changes and records nothing.
    expect((await setAutoAccept(api, tokens.owner, true)).status).toBe(200);

    const order = await placeTestOrder(api, 'auto', { pickup: true });
    expect(await stageOf(api, order.encryptedOrderId)).toMatchObject({ orderProcessed: true, kitchenStage: 'taken' });
    await waitFor(
      () =>
        listening.heard
          .filter(({ topic }) => topic === orderStatusTopic(SCOPE, order.watchTopicId ?? ''))
          .map(({ text }) => orderStatusMessageSchema.parse(JSON.parse(text)).kitchenStage)
          .includes('taken'),
      "the customer's page told the order was accepted",
    );
    // An order placed while it was off stays for the kitchen to accept.
    expect(await stageOf(api, waiting.encryptedOrderId)).toMatchObject({ kitchenStage: 'new' });

    const board = staffOrdersResponseSchema.parse(
      (await staffCall(api, tokens.cook, staffPaths.orders(MAX_BOARD_LIMIT))).body,
    );
    const card = board.orders.find((listed) => listed.encryptedOrderId === order.encryptedOrderId);
    expect(card).toMatchObject({ state: 'taken', autoAccepted: true });
    expect(board.orders.find((listed) => listed.encryptedOrderId === waiting.encryptedOrderId)?.autoAccepted).toBe(
      false,
    );
    // A cook's Accept after it changes nothing.
    const again = await staffCall(api, tokens.cook, staffPaths.stage(order.encryptedOrderId), {
      body: { stage: 'taken' },
    });
    expect(again.status).toBe(200);

    const steps = await api.db
      .selectFrom('order_kitchen_steps')
      .innerJoin('orders', 'orders.order_id', 'order_kitchen_steps.order_id')
      .select(['from_stage', 'to_stage', 'staff_name'])
      .where('orders.encrypted_order_id', '=', order.encryptedOrderId)
      .execute();
    expect(steps).toEqual([{ from_stage: 'new', to_stage: 'taken', staff_name: AUTO_ACCEPT_NAME }]);
    const audit = staffAuditResponseSchema.parse((await staffCall(api, tokens.owner, staffPaths.audit(50))).body);
    expect(
      audit.entries
        .filter((entry) => entry.action === 'auto-accept' || entry.action === 'kitchen-settings')
        .map((entry) => [entry.staffName, entry.action, entry.subject]),
    ).toEqual([
      [AUTO_ACCEPT_NAME, 'auto-accept', `Order ${order.orderNumber}: New → Cooking`],
      [TEST_OWNER.name, 'kitchen-settings', 'Auto-accept on'],
    ]);

    expect((await setAutoAccept(api, tokens.owner, false)).status).toBe(200);
    const after = await placeTestOrder(api, 'after', { pickup: true });
    expect(await stageOf(api, after.encryptedOrderId)).toMatchObject({ kitchenStage: 'new' });
  });

  it("prints an auto-accepted order's ticket to the shop's TCP printer with no staff tap", async () => {
    const api = await startApi();
    const tokens = await signInShopStaff(api);
    const oven = await startSink();
    try {
      await addTcpPrinter(api, tokens.owner, oven.port);
      expect((await setAutoAccept(api, tokens.owner, true)).status).toBe(200);
      const order = await placeTestOrder(api, 'auto-print', { pickup: true, notes: 'Ring the bell' });
      const printed = await oven.next();
      expect(texts(printed)).toEqual(
        expect.arrayContaining([`Order ${order.orderNumber}`, '2 x Margherita', 'NOTE: Ring the bell']),
      );
      expect(printed.cuts).toBe(1);
      // Printed once: the accept that printed it is not repeated by a cook's tap.
      await staffCall(api, tokens.cook, staffPaths.stage(order.encryptedOrderId), { body: { stage: 'taken' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(oven.jobs).toEqual([]);
    } finally {
      await oven.close();
    }
  });

  it('accepts and prints with the broker down: only the pushes are missed, the page reads it on its next check', async () => {
    const api = await start({
      brokerUrl: `ws://127.0.0.1:${await freePort()}`,
      printing: TEST_PRINTING,
      rateLimits: { staffCallsPerAddress: { attempts: 100_000, windowMs: HOUR_MS } },
    });
    const tokens = await signInShopStaff(api);
    const oven = await startSink();
    try {
      await addTcpPrinter(api, tokens.owner, oven.port);
      expect((await setAutoAccept(api, tokens.owner, true)).status).toBe(200);
      const order = await placeTestOrder(api, 'broker-down', { pickup: true });
      expect(await stageOf(api, order.encryptedOrderId)).toMatchObject({ kitchenStage: 'taken' });
      expect(texts(await oven.next())).toContain(`Order ${order.orderNumber}`);
    } finally {
      await oven.close();
    }
  });

  it('queues an auto-accepted order for a CloudPRNT printer, which fetches it when it next polls', async () => {
    const api = await startApi();
    const tokens = await signInShopStaff(api);
    const printer = await addCloudPrntPrinter(api, tokens.owner);
    expect((await setAutoAccept(api, tokens.owner, true)).status).toBe(200);
    const order = await placeTestOrder(api, 'auto-cloudprnt', { pickup: true });
    expect(await printer.poll()).toMatchObject({ jobReady: true, mediaTypes: ['application/octet-stream'] });
    expect(await printer.printNext()).toContain(`Order ${order.orderNumber}`);
  });

  it('accepts an order once when two API processes on one database race to accept it', async () => {
    const first = await startApi();
    const second = await start({ sameDatabaseAs: first, printing: TEST_PRINTING });
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, index) => placeTestOrder(first, `race-${index}`, { pickup: true })),
    );
    // Each process's own connection on PostgreSQL. On SQLite the processes of one machine share the
    // file's write lock, which node:sqlite waits for synchronously: two connections in this one test
    // process would block each other's event loop, so both go through one connection, whose
    // transactions interleave in whichever order they come.
    const otherConnection = first.store === 'postgres' ? second.db : first.db;
    const accept = (db: TestApi['db'], encryptedOrderId: string) =>
      withStores(db, RETAILER_ID, (stores) => stores.board.autoAccept(RETAILER_ID, encryptedOrderId, new Date()));
    const outcomes = await Promise.all(
      placed.flatMap((order) => [
        accept(first.db, order.encryptedOrderId),
        accept(otherConnection, order.encryptedOrderId),
      ]),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'forward')).toHaveLength(placed.length);
    expect(outcomes.filter((outcome) => outcome.kind === 'same')).toHaveLength(placed.length);
    const steps = await first.db.selectFrom('order_kitchen_steps').select('order_id').execute();
    expect(steps).toHaveLength(placed.length);
  });

  it('lets only the owner change it, bounded: no session, the kitchen, a bad body, a flood', async () => {
    const api = await startApi({ kitchenSettingsPerRetailer: { attempts: 3, windowMs: HOUR_MS } });
    const tokens = await signInShopStaff(api);
    expect(
      (await api.call(printerPaths.kitchenSettings, { domain: null, method: 'PUT', body: { autoAccept: true } }))
        .status,
    ).toBe(401);
    expect((await setAutoAccept(api, tokens.cook, true)).status).toBe(403);
    for (const body of [{ autoAccept: 'yes' }, { autoAccept: true, extra: 1 }, {}])
      expect((await staffCall(api, tokens.owner, printerPaths.kitchenSettings, { method: 'PUT', body })).status).toBe(
        400,
      );
    expect((await setAutoAccept(api, tokens.owner, false)).status).toBe(429);
    const settings = await staffCall(api, tokens.cook, printerPaths.kitchenSettings);
    expect(kitchenSettingsResponseSchema.parse(settings.body)).toEqual({ settings: { autoAccept: false } });
  });

  it("prints the owner's test ticket on one printer; owner only, unknown printers refused, bounded", async () => {
    const api = await startApi({ testPrintsPerRetailer: { attempts: 3, windowMs: HOUR_MS } });
    const tokens = await signInShopStaff(api);
    const sink = await startSink();
    try {
      const added = await staffCall(api, tokens.owner, printerPaths.printers, {
        body: { connection: 'tcp', name: 'Counter', host: '127.0.0.1', port: sink.port, productGroupIds: [] },
      });
      const { printerId } = (added.body as { printer: { printerId: number } }).printer;
      expect((await staffCall(api, tokens.cook, printerPaths.testPrint(printerId), { body: {} })).status).toBe(403);
      expect((await api.call(printerPaths.testPrint(printerId), { domain: null, body: {} })).status).toBe(401);
      const tested = await staffCall(api, tokens.owner, printerPaths.testPrint(printerId), { body: {} });
      expect(reprintResponseSchema.parse(tested.body)).toEqual({ queued: 1 });
      const ticket = texts(await sink.next());
      expect(ticket).toEqual(expect.arrayContaining(['TEST PRINT', 'This printer is connected.']));
      expect(ticket.some((text) => text.includes('Counter'))).toBe(true);
      expect((await staffCall(api, tokens.owner, printerPaths.testPrint(printerId + 1), { body: {} })).status).toBe(
        404,
      );
      expect((await staffCall(api, tokens.owner, '/staff/printers/0x1/test', { body: {} })).status).toBe(404);
      expect((await staffCall(api, tokens.owner, printerPaths.testPrint(printerId), { body: {} })).status).toBe(429);
    } finally {
      await sink.close();
    }
  });
});
