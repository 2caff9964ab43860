import type { PrintTrigger } from '../../../lib/api/printer-contract.ts';
import { ticketPrintsAt } from '../../../lib/kitchen/kitchen-flow.ts';
import { kitchenTickets } from '../../../lib/kitchen/kitchen-ticket.ts';
import type { KitchenStation } from '../../../lib/kitchen/station-routing.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import type { ServedTenant } from '../services/tenants.ts';
import type { KitchenPrinter, PrinterStore } from '../store/printers.ts';
import { shopClockText } from '../../../lib/kitchen/ticket-times.ts';
import { testTicketDocument, ticketDocument } from './ticket-document.ts';
import { encodeDocument } from './ticket-encoding.ts';
import { sendRaw } from './tcp-send.ts';

export interface PrintingSettings {
  /** How long a TCP printer has to take a connection and a ticket. */
  tcpTimeoutMs: number;
  /** The waits before each retry of a TCP job; once they are spent the job fails and the board says so. */
  retryDelaysMs: readonly number[];
  /** The TCP ports an owner may point a printer at: the raw printing ports, never the API's neighbours. */
  tcpPorts: { min: number; max: number };
  /**
   * How often an API process looks for TCP tickets nobody is sending: queued by a process that died
   * before sending them, claimed by one that died mid-send, or held for an order for later's start
   * time, which therefore prints within this long of it.
   */
  sweepMs: number;
}

export const DEFAULT_PRINTING: PrintingSettings = {
  tcpTimeoutMs: 5000,
  retryDelaysMs: [2000, 10_000],
  tcpPorts: { min: 9100, max: 9109 },
  sweepMs: 30_000,
};

/**
 * A printer that has this many tickets due and waiting gets no more: it is plainly not printing, and
 * the board says so. Tickets held for a later start time are not counted: a busy Saturday's
 * pre-orders must not stop tonight's.
 */
export const MAX_QUEUED_JOBS = 100;

export interface PrintingService {
  settings: PrintingSettings;
  /**
   * Queues one ticket per station that has lines of the order, on the printers set to print on this
   * trigger (every one for a reprint), then sends the TCP ones; CloudPRNT printers fetch theirs when
   * they next poll. An accepted order for later is held until its start time (ticketPrintsAt), the
   * time the board starts it. Answers how many were queued.
   */
  printOrder(served: ServedTenant, encryptedOrderId: string, trigger: PrintTrigger | 'reprint'): Promise<number>;
  /** Takes back an order's tickets still held for its start time, when its Accept is undone. */
  withdrawHeld(served: ServedTenant, orderNumber: number): Promise<void>;
  /**
   * Queues again the tickets held for a start time, on the shop's preparation time as it is now
   * (an owner changed it): they print when the board says to start, and read that start. Answers
   * how many orders were held.
   */
  retimeHeld(served: ServedTenant): Promise<number>;
  /** Queues the owner's test ticket on one printer and sends it if it is a TCP one; false when too many wait already. */
  printTest(served: ServedTenant, printer: KitchenPrinter): Promise<boolean>;
  /** Sends what was left queued, e.g. by an API that stopped mid-send. */
  resume(): Promise<void>;
  /** Resolves once no TCP send is under way (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

export function createPrintingService(
  store: PrinterStore,
  settings: PrintingSettings,
  now: () => Date,
  log: (line: string) => void,
): PrintingService {
  const sending = new Map<number, Promise<void>>();
  const retries = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;
  const sweep = setInterval(
    () => void resume().catch((error: unknown) => log(`printing: ${String(error)}`)),
    settings.sweepMs,
  );
  sweep.unref();

  async function resume(): Promise<void> {
    for (const printer of await store.tcpPrintersWithQueuedJobs(now())) kick(printer);
  }

  function kick(printer: KitchenPrinter): void {
    if (closed || printer.connection !== 'tcp' || sending.has(printer.printerId)) return;
    const run = drain(printer)
      .catch((error: unknown) => log(`printing: printer ${printer.printerId}: ${String(error)}`))
      .finally(() => sending.delete(printer.printerId));
    sending.set(printer.printerId, run);
  }

  async function drain(printer: KitchenPrinter): Promise<void> {
    const { host, port } = printer;
    if (host === null || port === null) return;
    for (;;) {
      if (closed) return;
      const at = now();
      const job = await store.claimNext(printer.printerId, at, new Date(at.getTime() + settings.tcpTimeoutMs * 3));
      if (!job) return;
      try {
        await sendRaw(host, port, encodeDocument(job.document, printer.language), settings.tcpTimeoutMs);
        await store.finish(printer.printerId, job.jobId, 'sent', null, now());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const delay = settings.retryDelaysMs[job.attempts];
        if (delay === undefined) {
          await store.finish(printer.printerId, job.jobId, 'failed', reason, now());
          log(`printing: order ${job.orderNumber} not printed on ${printer.name}: ${reason}`);
          continue;
        }
        await store.attemptFailed(job.jobId, reason);
        // The printer is down: its later jobs wait behind this one rather than each fail on their own.
        const timer = setTimeout(() => {
          retries.delete(timer);
          kick(printer);
        }, delay);
        timer.unref();
        retries.add(timer);
        return;
      }
    }
  }

  const service: PrintingService = {
    settings,

    async printOrder(served, encryptedOrderId, trigger) {
      const { retailerId } = served.tenant.config;
      const printers = await store.list(retailerId);
      // Most shops print from the browser: placing or accepting an order costs them one small read.
      if (!printers.some((printer) => trigger === 'reprint' || printer.printOn === trigger)) return 0;
      const found = await store.orderForPrinting(retailerId, encryptedOrderId);
      if (!found) return 0;
      const at = now();
      // Arrival tickets tell the shop an order came in; a reprint is wanted now. Only the
      // kitchen's accept ticket waits for the cooking to start.
      const printsAt =
        trigger === 'accept'
          ? ticketPrintsAt(found.order, served.tenant.config.retailerInfo.preparationMinutes, at)
          : null;
      // An accept done again (undone and redone, or a start time moved) leaves no ticket held from before.
      if (trigger === 'accept') await store.withdrawHeld(retailerId, found.order.orderNumber, at);
      const stations: KitchenStation[] = printers.map((printer) => ({
        stationId: printer.printerId,
        name: printer.name,
        productGroupIds: printer.productGroupIds,
      }));
      const tickets = kitchenTickets(found.order, found.lineGroupIds, stations, {
        shopName: served.tenant.config.retailerInfo.name,
        zone: shopZone(served.tenant.config.retailerInfo),
        // Its times read as on the day it prints: "Due 7:30 pm", not the day it was accepted.
        now: printsAt ?? at,
        reprint: trigger === 'reprint',
      });
      // Routed over every printer, so a line goes where it belongs whichever printers print now.
      const printsNow = new Set(
        printers
          .filter((printer) => trigger === 'reprint' || printer.printOn === trigger)
          .map((printer) => printer.printerId),
      );
      const jobs = [];
      for (const { station, ticket } of tickets) {
        if (!printsNow.has(station.stationId)) continue;
        if ((await store.queuedCount(station.stationId, at)) >= MAX_QUEUED_JOBS) {
          log(
            `printing: order ${ticket.orderNumber} not queued on ${station.name}: ${MAX_QUEUED_JOBS} tickets wait already`,
          );
          continue;
        }
        jobs.push({
          printerId: station.stationId,
          orderNumber: ticket.orderNumber,
          document: ticketDocument(ticket),
          notBefore: printsAt,
        });
      }
      await store.queue(retailerId, jobs, at);
      // A held ticket is sent by the sweep once its time comes, by whichever API process is running then.
      if (printsAt === null)
        for (const printer of printers) if (jobs.some((job) => job.printerId === printer.printerId)) kick(printer);
      return jobs.length;
    },

    async withdrawHeld(served, orderNumber) {
      await store.withdrawHeld(served.tenant.config.retailerId, orderNumber, now());
    },

    async retimeHeld(served) {
      const held = await store.ordersWithHeldTickets(served.tenant.config.retailerId, now());
      // Accepting again withdraws an order's held tickets and queues them at the new start time, or at once if it has come.
      for (const encryptedOrderId of held) await service.printOrder(served, encryptedOrderId, 'accept');
      return held.length;
    },

    async printTest(served, printer) {
      if ((await store.queuedCount(printer.printerId, now())) >= MAX_QUEUED_JOBS) return false;
      const { retailerInfo } = served.tenant.config;
      const at = now();
      const document = testTicketDocument(
        retailerInfo.name,
        printer.name,
        shopClockText(at.toISOString(), at, shopZone(retailerInfo)),
      );
      // Order number 0: no order has it, so the board and reprints never take it for one.
      await store.queue(
        served.tenant.config.retailerId,
        [{ printerId: printer.printerId, orderNumber: 0, document }],
        at,
      );
      kick(printer);
      return true;
    },

    resume,

    async idle() {
      while (sending.size > 0) await Promise.all([...sending.values()]);
    },

    close() {
      closed = true;
      clearInterval(sweep);
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
    },
  };
  return service;
}
