import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { printerPaths, staffPrintersResponseSchema } from '../../../lib/api/printer-contract.ts';
import { shopPaths, shopResponseSchema } from '../../../lib/api/shop-contract.ts';
import { staffPaths } from '../../../lib/api/staff-contract.ts';
import type { KitchenStage } from '../../../lib/kitchen/kitchen-flow.ts';
import type { PrintedJob } from './support/escpos-decoder.ts';
import { addCloudPrntPrinter, addTcpPrinter } from './support/test-printers.ts';
import { fixtureTenantsWith } from './support/fixture-tenants.ts';
import { startSink, TEST_PRINTING } from './support/printer-sink.ts';
import { signInShopStaff, staffCall } from './support/shop-staff.ts';
import {
  onEachStore,
  OPEN_NOW,
  placeTestOrder,
  sendPizzaPickup,
  staffToken,
  TEST_OWNER,
  type TestApi,
} from './support/test-support.ts';

/**
 * Issue 28: an order for later, accepted the moment it arrives (by auto-accept or a cook), prints
 * its kitchen tickets at its start time (due less the shop's preparation time, the board's), not
 * days before, where a kitchen would lose the ticket; an ASAP order prints at once. The clock is
 * fixed and moved by hand: OPEN_NOW is Tuesday 8:00 pm in the shop's zone (Melbourne).
 */

const HOUR_MS = 3_600_000;
/** A sweep often enough for a test to see a held ticket go out. */
const PRINTING = { ...TEST_PRINTING, sweepMs: 50 };
/** Wednesday 12:30 pm in Melbourne, past the shop's midnight; with 20 minutes' preparation it starts at 12:10 pm. */
const DUE_WEDNESDAY = '2030-03-06T01:30:00.000Z';
const START_WEDNESDAY = new Date('2030-03-06T01:10:00.000Z');
const texts = (job: PrintedJob) => job.lines.map((line) => line.text);
const at = (iso: string | Date) => new Date(iso);

await onEachStore(({ start }) => {
  let clock = OPEN_NOW;
  const startApi = (tenantsDir?: string) =>
    start({
      ...(tenantsDir === undefined ? {} : { tenantsDir }),
      now: () => clock,
      printing: PRINTING,
      rateLimits: { staffCallsPerAddress: { attempts: 100_000, windowMs: HOUR_MS } },
    });
  const moveTo = (api: TestApi, token: string, encryptedOrderId: string, stage: KitchenStage, undo = false) =>
    staffCall(api, token, staffPaths.stage(encryptedOrderId), { body: { stage, undo } });
  async function placeForLater(api: TestApi, label: string, dueAt: string) {
    const { encryptedOrderId, placed } = await sendPizzaPickup(api, label, dueAt);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return encryptedOrderId;
  }

  it("holds a cook-accepted pre-order's CloudPRNT ticket until its start time the next day; an ASAP one prints at once; an undone accept prints nothing twice", async () => {
    clock = OPEN_NOW;
    const api = await startApi();
    const tokens = await signInShopStaff(api);
    const { path, poll, printNext } = await addCloudPrntPrinter(api, tokens.owner);

    const later = await placeForLater(api, 'later-cloudprnt', DUE_WEDNESDAY);
    expect((await moveTo(api, tokens.cook, later, 'taken')).status).toBe(200);
    // A mis-tap undone and accepted again: one ticket, still held.
    expect((await moveTo(api, tokens.cook, later, 'new', true)).status).toBe(200);
    expect((await moveTo(api, tokens.cook, later, 'taken')).status).toBe(200);
    expect(await poll()).toEqual({ jobReady: false });

    const asap = await placeTestOrder(api, 'asap-cloudprnt', { pickup: true });
    expect((await moveTo(api, tokens.cook, asap.encryptedOrderId, 'taken')).status).toBe(200);
    expect(await printNext()).toContain(`Order ${asap.orderNumber}`);
    expect(await poll()).toEqual({ jobReady: false });
    // A held ticket is not a printer falling behind: the board shows nothing waiting.
    const listed = staffPrintersResponseSchema.parse((await staffCall(api, tokens.cook, printerPaths.printers)).body);
    expect(listed.printers[0]).toMatchObject({ status: 'online', queued: 0 });

    for (const before of ['2030-03-05T13:00:00.000Z', '2030-03-06T01:09:59.000Z']) {
      clock = at(before);
      expect(await poll(), `at ${before}`).toEqual({ jobReady: false });
      expect((await fetch(`${api.url}${path}?type=application%2Foctet-stream`)).status).toBe(404);
    }
    clock = START_WEDNESDAY;
    const printed = await printNext();
    // Worded on the day it prints: due today at 12:30 pm, not "Wed 6 Mar".
    expect(printed).toEqual(expect.arrayContaining([expect.stringMatching(/^Order \d+/), 'Pickup · Due 12:30 pm']));
    expect(await poll()).toEqual({ jobReady: false });
  });

  it("auto-accepts a pre-order at once but sends its TCP ticket only at its start time; an ASAP order's at once", async () => {
    clock = OPEN_NOW;
    const api = await startApi();
    const tokens = await signInShopStaff(api);
    const oven = await startSink();
    try {
      await addTcpPrinter(api, tokens.owner, oven.port);
      const on = await staffCall(api, tokens.owner, printerPaths.kitchenSettings, {
        method: 'PUT',
        body: { autoAccept: true },
      });
      expect(on.status).toBe(200);

      const later = await placeForLater(api, 'later-tcp', DUE_WEDNESDAY);
      const asap = await placeTestOrder(api, 'asap-tcp', { pickup: true });
      expect(texts(await oven.next())).toContain(`Order ${asap.orderNumber}`);
      const [held] = await api.db
        .selectFrom('print_jobs')
        .innerJoin('orders', (join) =>
          join
            .onRef('orders.order_number', '=', 'print_jobs.order_number')
            .onRef('orders.retailer_id', '=', 'print_jobs.retailer_id'),
        )
        .select(['print_jobs.status', 'print_jobs.not_before'])
        .where('orders.encrypted_order_id', '=', later)
        .execute();
      expect(held).toEqual({ status: 'queued', not_before: START_WEDNESDAY.toISOString() });

      // Past the shop's midnight, a minute before the start: several sweeps go by and nothing prints.
      clock = at('2030-03-06T01:09:00.000Z');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(oven.jobs).toEqual([]);
      clock = START_WEDNESDAY;
      const printed = texts(await oven.next());
      expect(printed).toEqual(expect.arrayContaining(['Pickup · Due 12:30 pm', '2 x Margherita']));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(oven.jobs).toEqual([]);
    } finally {
      await oven.close();
    }
  });

  it('moves a held ticket with the preparation time the owner publishes, and prints it at once when the new start has passed', async () => {
    clock = OPEN_NOW;
    // The owner's publish rewrites the shop's files: a copy of the fixtures of its own.
    const tenantsDir = fixtureTenantsWith({});
    const api = await startApi(tenantsDir);
    const tokens = await signInShopStaff(api);
    const oven = await startSink();
    const heldUntil = async (encryptedOrderId: string) =>
      (
        await api.db
          .selectFrom('print_jobs')
          .innerJoin('orders', (join) =>
            join
              .onRef('orders.order_number', '=', 'print_jobs.order_number')
              .onRef('orders.retailer_id', '=', 'print_jobs.retailer_id'),
          )
          .select(['print_jobs.not_before'])
          .where('orders.encrypted_order_id', '=', encryptedOrderId)
          .where('print_jobs.status', '=', 'queued')
          .execute()
      ).map((row) => row.not_before);
    const publishPreparation = async (minutes: number, owner = tokens.owner) => {
      const revision = async () =>
        shopResponseSchema.parse((await staffCall(api, owner, shopPaths.shop)).body).revision;
      const drafted = await staffCall(api, owner, shopPaths.draft, {
        method: 'PUT',
        body: { revision: await revision(), prices: [], parts: { preparationTime: minutes } },
      });
      expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
      const published = await staffCall(api, owner, shopPaths.publish, { body: { revision: await revision() } });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    };
    try {
      await addTcpPrinter(api, tokens.owner, oven.port);
      const later = await placeForLater(api, 'later-retimed', DUE_WEDNESDAY);
      expect((await moveTo(api, tokens.cook, later, 'taken')).status).toBe(200);
      expect(await heldUntil(later)).toEqual([START_WEDNESDAY.toISOString()]);

      // 30 minutes: due 12:30 pm, so it starts, and prints, at 12:00 pm; one ticket still.
      await publishPreparation(30);
      expect(await heldUntil(later)).toEqual(['2030-03-06T01:00:00.000Z']);

      // At 11:55 am the owner makes it 40 minutes: its start, 11:50 am, has come, so it prints now.
      clock = at('2030-03-06T00:55:00.000Z');
      // Signed in again: a session ends after a night's idle.
      await publishPreparation(40, await staffToken(api, 'test-pizza', TEST_OWNER));
      const printed = texts(await oven.next());
      expect(printed).toEqual(expect.arrayContaining([expect.stringMatching(/^Order \d+/), 'Pickup · Due 12:30 pm']));
      expect(await heldUntil(later)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(oven.jobs).toEqual([]);
    } finally {
      await oven.close();
      rmSync(tenantsDir, { recursive: true, force: true });
    }
  });
});
