import type { PrintTrigger } from '../../../lib/api/printer-contract.ts';
import { kitchenTickets } from '../../../lib/kitchen/kitchen-ticket.ts';
import type { KitchenStation } from '../../../lib/kitchen/station-routing.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';
import type { ServedTenant } from '../services/tenants.ts';
import type { KitchenPrinter, PrinterStore } from '../store/printers.ts';
import { ticketDocument } from './ticket-document.ts';
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
   * before sending them, or claimed by one that died mid-send.
   */
  sweepMs: number;
}

export const DEFAULT_PRINTING: PrintingSettings = {
  tcpTimeoutMs: 5000,
  retryDelaysMs: [2000, 10_000],
  tcpPorts: { min: 9100, max: 9109 },
  sweepMs: 30_000,
};

/** A printer that has this many tickets waiting gets no more: it is plainly not printing, and the board says so. */
export const MAX_QUEUED_JOBS = 100;

export interface PrintingService {
  settings: PrintingSettings;
  /**
   * Queues one ticket per station that has lines of the order, on the printers set to print on this
   * trigger (every one for a reprint), then sends the TCP ones; CloudPRNT printers fetch theirs when
   * they next poll. Answers how many were queued.
   */
  printOrder(served: ServedTenant, encryptedOrderId: string, trigger: PrintTrigger | 'reprint'): Promise<number>;
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
    for (const printer of await store.tcpPrintersWithQueuedJobs()) kick(printer);
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

  return {
    settings,

    async printOrder(served, encryptedOrderId, trigger) {
      const { retailerId } = served.tenant.config;
      const printers = await store.list(retailerId);
      // Most shops print from the browser: placing or accepting an order costs them one small read.
      if (!printers.some((printer) => trigger === 'reprint' || printer.printOn === trigger)) return 0;
      const found = await store.orderForPrinting(retailerId, encryptedOrderId);
      if (!found) return 0;
      const stations: KitchenStation[] = printers.map((printer) => ({
        stationId: printer.printerId,
        name: printer.name,
        productGroupIds: printer.productGroupIds,
      }));
      const tickets = kitchenTickets(found.order, found.lineGroupIds, stations, {
        shopName: served.tenant.config.retailerInfo.name,
        zone: shopZone(served.tenant.config.retailerInfo),
        now: now(),
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
        if ((await store.queuedCount(station.stationId)) >= MAX_QUEUED_JOBS) {
          log(
            `printing: order ${ticket.orderNumber} not queued on ${station.name}: ${MAX_QUEUED_JOBS} tickets wait already`,
          );
          continue;
        }
        jobs.push({ printerId: station.stationId, orderNumber: ticket.orderNumber, document: ticketDocument(ticket) });
      }
      await store.queue(retailerId, jobs, now());
      for (const printer of printers) if (jobs.some((job) => job.printerId === printer.printerId)) kick(printer);
      return jobs.length;
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
}
