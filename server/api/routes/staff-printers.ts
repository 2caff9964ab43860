import type { Hono, MiddlewareHandler } from 'hono';
import {
  CLOUDPRNT_OFFLINE_AFTER_MS,
  kitchenSettingsSchema,
  MAX_PRINTERS,
  newPrinterSchema,
  printerPaths,
  type StaffPrinter,
} from '../../../lib/api/printer-contract.ts';
import { shopClockText } from '../../../lib/kitchen/ticket-times.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import type { ApiDeps } from '../deps.ts';
import type { StaffEnv } from '../env.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { throttle } from '../services/rate-limits.ts';
import { randomToken, tokenDigest } from '../services/tokens.ts';
import type { PrinterRecord } from '../store/printers.ts';
import { withStores } from '../store/stores.ts';

/** Routes under /staff, so the prefix of the shared paths goes. */
const route = (path: string) => path.replace(/^\/staff/, '');

/** A printer's status for the board: offline when its last job failed or a CloudPRNT printer stopped polling. */
function printerView({ printer, queued, lastFinished }: PrinterRecord, now: Date, zone: number | string): StaffPrinter {
  const failed = lastFinished !== null && lastFinished.error !== null && lastFinished.status !== 'sent';
  const silentSince =
    printer.connection === 'cloudprnt' &&
    (printer.lastPollAt === null || now.getTime() - Date.parse(printer.lastPollAt) > CLOUDPRNT_OFFLINE_AFTER_MS);
  const problem = silentSince
    ? printer.lastPollAt === null
      ? 'Has not called in yet: check its CloudPRNT server URL.'
      : `Not heard from since ${shopClockText(printer.lastPollAt, now, zone)}.`
    : failed
      ? `Last ticket not printed: ${lastFinished.error}`
      : null;
  return {
    printerId: printer.printerId,
    name: printer.name,
    connection: printer.connection,
    host: printer.host,
    port: printer.port,
    language: printer.language,
    productGroupIds: printer.productGroupIds,
    printOn: printer.printOn,
    status: problem !== null ? 'offline' : printer.connection === 'tcp' && lastFinished === null ? 'unknown' : 'online',
    problem,
    queued,
    lastSeenAt: printer.connection === 'cloudprnt' ? printer.lastPollAt : (lastFinished?.at ?? null),
  };
}

/**
 * The shop's kitchen printers (issue 28 item 5): every staff member sees them and their status and
 * reprints an order; only the owner adds and removes printers, since a printer's address and token
 * decide where the shop's orders go.
 */
export function staffPrinterRoutes(staff: Hono<StaffEnv>, signedIn: MiddlewareHandler<StaffEnv>, deps: ApiDeps): void {
  const ownerOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (c.get('signedIn').account.role !== 'owner')
      throw new ApiProblem(403, 'Only the owner may set up printers and auto-accept.');
    await next();
  };

  const views = async (retailerId: number, zone: number | string) =>
    (await deps.printers.records(retailerId, deps.now())).map((record) => printerView(record, deps.now(), zone));

  staff.get(route(printerPaths.printers), signedIn, async (c) => {
    const { account, served } = c.get('signedIn');
    return c.json({ printers: await views(account.retailerId, shopZone(served.tenant.config.retailerInfo)) });
  });

  staff.post(route(printerPaths.printers), signedIn, ownerOnly, async (c) => {
    const { account, served } = c.get('signedIn');
    const printer = await readBody(c, newPrinterSchema);
    const { min, max } = deps.printing.settings.tcpPorts;
    if (printer.connection === 'tcp' && (printer.port < min || printer.port > max))
      throw new ApiProblem(400, `port: expected a printer port from ${min} to ${max}`);
    if ((await deps.printers.count(account.retailerId)) >= MAX_PRINTERS)
      throw new ApiProblem(409, `A shop has at most ${MAX_PRINTERS} printers: remove one first.`);
    const token = printer.connection === 'cloudprnt' ? randomToken() : null;
    const added = await deps.printers.add(account.retailerId, printer, token && tokenDigest(token), deps.now());
    const zone = shopZone(served.tenant.config.retailerInfo);
    const view = printerView({ printer: added, queued: 0, lastFinished: null }, deps.now(), zone);
    return c.json({ printer: view, cloudPrntPath: token && printerPaths.cloudPrnt(token) }, 201);
  });

  staff.post('/printers/:printerId/remove', signedIn, ownerOnly, async (c) => {
    const printerId = Number(c.req.param('printerId'));
    const removed =
      /^[1-9]\d{0,8}$/.test(c.req.param('printerId')) &&
      (await deps.printers.remove(c.get('signedIn').account.retailerId, printerId));
    if (!removed) throw new ApiProblem(404, 'Printer not found');
    return c.body(null, 204);
  });

  /** The owner sees a new printer print before a Friday depends on it: a short ticket on that printer alone. */
  staff.post('/printers/:printerId/test', signedIn, ownerOnly, async (c) => {
    const { account, served } = c.get('signedIn');
    await throttle('test prints', deps.now(), [deps.rateLimits.testPrintsPerRetailer, String(account.retailerId)]);
    const printerId = Number(c.req.param('printerId'));
    const printer =
      /^[1-9]\d{0,8}$/.test(c.req.param('printerId')) &&
      (await deps.printers.list(account.retailerId)).find((listed) => listed.printerId === printerId);
    if (!printer) throw new ApiProblem(404, 'Printer not found');
    if (!(await deps.printing.printTest(served, printer)))
      throw new ApiProblem(409, `${printer.name} has too many tickets waiting: check that it is on and connected.`);
    return c.json({ queued: 1 });
  });

  staff.get(route(printerPaths.kitchenSettings), signedIn, async (c) =>
    c.json({ settings: await deps.kitchenSettings.get(c.get('signedIn').account.retailerId) }),
  );

  /** Auto-accept decides what the kitchen is committed to: the owner's, audited. */
  staff.put(route(printerPaths.kitchenSettings), signedIn, ownerOnly, async (c) => {
    const { account } = c.get('signedIn');
    await throttle('kitchen setting changes', deps.now(), [
      deps.rateLimits.kitchenSettingsPerRetailer,
      String(account.retailerId),
    ]);
    const settings = await readBody(c, kitchenSettingsSchema);
    const now = deps.now();
    await withStores(deps.db, account.retailerId, async (stores) => {
      const before = await stores.kitchenSettings.get(account.retailerId);
      if (before.autoAccept === settings.autoAccept) return;
      await stores.kitchenSettings.set(account.retailerId, settings, now);
      await stores.staff.record(account, 'kitchen-settings', `Auto-accept ${settings.autoAccept ? 'on' : 'off'}`, now);
    });
    return c.json({ settings: await deps.kitchenSettings.get(account.retailerId) });
  });

  /** Owner and kitchen alike: a ticket lost, smudged or burnt is printed again, marked as a reprint. */
  staff.post('/orders/:encryptedOrderId/reprint', signedIn, async (c) => {
    const { account, served } = c.get('signedIn');
    await throttle('reprints', deps.now(), [deps.rateLimits.reprintsPerRetailer, String(account.retailerId)]);
    const encryptedOrderId = c.req.param('encryptedOrderId') ?? '';
    if (!(await deps.board.find(account.retailerId, encryptedOrderId))) throw new ApiProblem(404, 'Order not found');
    return c.json({ queued: await deps.printing.printOrder(served, encryptedOrderId, 'reprint') });
  });
}
