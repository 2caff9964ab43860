import type { ExpressionBuilder, Kysely } from 'kysely';
import type { NewPrinter } from '../../../lib/api/printer-contract.ts';
import type { BoardOrder } from '../../../lib/api/staff-contract.ts';
import { createBoardStore } from './board.ts';
import { createOrderStore } from './orders.ts';
import type { Database, KitchenPrintersTable, PrintJobsTable } from './schema.ts';

/** A printer as the API works with it (its token digest stays in the database). */
export interface KitchenPrinter {
  printerId: number;
  retailerId: number;
  name: string;
  connection: KitchenPrintersTable['connection'];
  host: string | null;
  port: number | null;
  language: KitchenPrintersTable['language'];
  productGroupIds: number[];
  printOn: KitchenPrintersTable['print_on'];
  lastPollAt: string | null;
}

export interface PrintJob {
  jobId: number;
  printerId: number;
  orderNumber: number;
  document: string;
  attempts: number;
}

/** How a printer's latest finished job went, and how many wait for it. */
export interface PrinterRecord {
  printer: KitchenPrinter;
  queued: number;
  lastFinished: { status: PrintJobsTable['status']; error: string | null; at: string | null } | null;
}

/** A printed ticket holds the customer's name, phone and address: kept a week for the status and reprints' sake, no longer. */
export const PRINT_JOB_KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type PrinterRow = Omit<KitchenPrintersTable, 'printer_id'> & { printer_id: number };

/** A queued job a printer may have now: not one held for an order for later's start time. */
function dueBy(now: Date) {
  return (eb: ExpressionBuilder<Database, 'print_jobs'>) =>
    eb.or([eb('print_jobs.not_before', 'is', null), eb('print_jobs.not_before', '<=', now.toISOString())]);
}

function printerOf(row: PrinterRow): KitchenPrinter {
  const groups: unknown = JSON.parse(row.product_group_ids);
  return {
    printerId: row.printer_id,
    retailerId: row.retailer_id,
    name: row.name,
    connection: row.connection,
    host: row.host,
    port: row.port,
    language: row.language,
    productGroupIds: Array.isArray(groups) ? groups.filter((group) => typeof group === 'number') : [],
    printOn: row.print_on,
    lastPollAt: row.last_poll_at,
  };
}

/** The shop's kitchen printers and the tickets queued for them (issue 28 item 5). */
export function createPrinterStore(db: Kysely<Database>) {
  const printers = () => db.selectFrom('kitchen_printers').selectAll();
  const jobColumns = ['job_id', 'printer_id', 'order_number', 'document', 'attempts'] as const;
  const jobOf = (
    row: Pick<PrintJobsTable, 'order_number' | 'document'> & { job_id: number; printer_id: number; attempts: number },
  ): PrintJob => ({
    jobId: row.job_id,
    printerId: row.printer_id,
    orderNumber: row.order_number,
    document: row.document,
    attempts: row.attempts,
  });

  return {
    async list(retailerId: number): Promise<KitchenPrinter[]> {
      const rows = await printers().where('retailer_id', '=', retailerId).orderBy('printer_id').execute();
      return rows.map(printerOf);
    },

    /** `queued` counts the tickets due to print by `now`: those held for a later start time are not late. */
    async records(retailerId: number, now: Date): Promise<PrinterRecord[]> {
      const list = await this.list(retailerId);
      return Promise.all(
        list.map(async (printer) => {
          const counted = await db
            .selectFrom('print_jobs')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('printer_id', '=', printer.printerId)
            .where('status', '=', 'queued')
            .where(dueBy(now))
            .executeTakeFirstOrThrow();
          const last = await db
            .selectFrom('print_jobs')
            .select(['status', 'last_error', 'finished_at'])
            .where('printer_id', '=', printer.printerId)
            .where((eb) => eb.or([eb('status', '!=', 'queued'), eb('attempts', '>', 0)]))
            .orderBy('job_id', 'desc')
            .limit(1)
            .executeTakeFirst();
          return {
            printer,
            queued: Number(counted.count),
            lastFinished: last ? { status: last.status, error: last.last_error, at: last.finished_at } : null,
          };
        }),
      );
    },

    async count(retailerId: number): Promise<number> {
      const counted = await db
        .selectFrom('kitchen_printers')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('retailer_id', '=', retailerId)
        .executeTakeFirstOrThrow();
      return Number(counted.count);
    },

    async add(retailerId: number, printer: NewPrinter, tokenDigest: string | null, now: Date): Promise<KitchenPrinter> {
      const row = await db
        .insertInto('kitchen_printers')
        .values({
          retailer_id: retailerId,
          name: printer.name,
          connection: printer.connection,
          host: printer.connection === 'tcp' ? printer.host : null,
          port: printer.connection === 'tcp' ? printer.port : null,
          language: printer.language,
          product_group_ids: JSON.stringify(printer.productGroupIds),
          print_on: printer.printOn,
          token_digest: tokenDigest,
          last_poll_at: null,
          created_at: now.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return printerOf(row);
    },

    async remove(retailerId: number, printerId: number): Promise<boolean> {
      await db
        .deleteFrom('print_jobs')
        .where('printer_id', '=', printerId)
        .where('retailer_id', '=', retailerId)
        .execute();
      const removed = await db
        .deleteFrom('kitchen_printers')
        .where('printer_id', '=', printerId)
        .where('retailer_id', '=', retailerId)
        .executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },

    async byTokenDigest(digest: string): Promise<KitchenPrinter | undefined> {
      const row = await printers().where('token_digest', '=', digest).executeTakeFirst();
      return row && printerOf(row);
    },

    async markPolled(printerId: number, now: Date): Promise<void> {
      await db
        .updateTable('kitchen_printers')
        .set({ last_poll_at: now.toISOString() })
        .where('printer_id', '=', printerId)
        .execute();
    },

    /** The placed order as the board shows it, with each line's product group for the stations. */
    async orderForPrinting(
      retailerId: number,
      encryptedOrderId: string,
    ): Promise<{ order: BoardOrder; lineGroupIds: number[] } | undefined> {
      const order = await createBoardStore(db).find(retailerId, encryptedOrderId);
      const row = await db
        .selectFrom('orders')
        .select('order_id')
        .where('retailer_id', '=', retailerId)
        .where('encrypted_order_id', '=', encryptedOrderId)
        .executeTakeFirst();
      if (!order || !row) return undefined;
      const lines = (await createOrderStore(db).linesOf([row.order_id])).get(row.order_id) ?? [];
      return { order, lineGroupIds: lines.map((line) => line.productGroupId) };
    },

    async queue(
      retailerId: number,
      jobs: readonly { printerId: number; orderNumber: number; document: string; notBefore?: Date | null }[],
      now: Date,
    ): Promise<void> {
      await db
        .deleteFrom('print_jobs')
        .where('retailer_id', '=', retailerId)
        .where('status', '!=', 'queued')
        .where('finished_at', '<', new Date(now.getTime() - PRINT_JOB_KEEP_DAYS * DAY_MS).toISOString())
        .execute();
      if (jobs.length === 0) return;
      await db
        .insertInto('print_jobs')
        .values(
          jobs.map((job) => ({
            retailer_id: retailerId,
            printer_id: job.printerId,
            order_number: job.orderNumber,
            document: job.document,
            status: 'queued' as const,
            last_error: null,
            claimed_until: null,
            created_at: now.toISOString(),
            finished_at: null,
            not_before: job.notBefore?.toISOString() ?? null,
          })),
        )
        .execute();
    },

    /** The printer's tickets due by `now` and not printed yet. */
    async queuedCount(printerId: number, now: Date): Promise<number> {
      const counted = await db
        .selectFrom('print_jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('printer_id', '=', printerId)
        .where('status', '=', 'queued')
        .where(dueBy(now))
        .executeTakeFirstOrThrow();
      return Number(counted.count);
    },

    /**
     * The oldest job due for the printer by `now` (a CloudPRNT printer asks for it until it
     * confirms); one held for an order for later's start time is not handed out before it.
     */
    async nextQueued(printerId: number, now: Date): Promise<PrintJob | undefined> {
      const row = await db
        .selectFrom('print_jobs')
        .select(jobColumns)
        .where('printer_id', '=', printerId)
        .where('status', '=', 'queued')
        .where(dueBy(now))
        .orderBy('job_id')
        .limit(1)
        .executeTakeFirst();
      return row && jobOf(row);
    },

    /**
     * Takes the oldest queued job of a TCP printer for this process until `until`: another API process
     * leaves it alone meanwhile, and takes it over if this one dies mid-send.
     */
    async claimNext(printerId: number, now: Date, until: Date): Promise<PrintJob | undefined> {
      const row = await db
        .selectFrom('print_jobs')
        .select([...jobColumns, 'claimed_until'])
        .where('printer_id', '=', printerId)
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())]))
        .where(dueBy(now))
        .orderBy('job_id')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      const claimed = await db
        .updateTable('print_jobs')
        .set({ claimed_until: until.toISOString() })
        .where('job_id', '=', row.job_id)
        .where('status', '=', 'queued')
        .where((eb) =>
          row.claimed_until === null ? eb('claimed_until', 'is', null) : eb('claimed_until', '=', row.claimed_until),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? jobOf(row) : undefined;
    },

    async finish(printerId: number, jobId: number, status: 'sent' | 'failed', error: string | null, now: Date) {
      await db
        .updateTable('print_jobs')
        .set((eb) => ({
          status,
          last_error: error,
          claimed_until: null,
          finished_at: now.toISOString(),
          attempts: eb('attempts', '+', 1),
        }))
        .where('job_id', '=', jobId)
        .where('printer_id', '=', printerId)
        .where('status', '=', 'queued')
        .execute();
    },

    async attemptFailed(jobId: number, error: string): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set((eb) => ({ last_error: error, claimed_until: null, attempts: eb('attempts', '+', 1) }))
        .where('job_id', '=', jobId)
        .execute();
    },

    /**
     * Takes back an order's tickets still held for its start time: it went back to New (an undone
     * Accept), so they must not print, nor print twice once it is accepted again.
     */
    async withdrawHeld(retailerId: number, orderNumber: number, now: Date): Promise<void> {
      await db
        .deleteFrom('print_jobs')
        .where('retailer_id', '=', retailerId)
        .where('order_number', '=', orderNumber)
        .where('status', '=', 'queued')
        .where('not_before', '>', now.toISOString())
        .execute();
    },

    /** The orders whose tickets wait for a start time still to come, by the id the board knows them by. */
    async ordersWithHeldTickets(retailerId: number, now: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('print_jobs')
        .innerJoin('orders', (join) =>
          join
            .onRef('orders.order_number', '=', 'print_jobs.order_number')
            .onRef('orders.retailer_id', '=', 'print_jobs.retailer_id'),
        )
        .select('orders.encrypted_order_id')
        .distinct()
        .where('print_jobs.retailer_id', '=', retailerId)
        .where('print_jobs.status', '=', 'queued')
        .where('print_jobs.not_before', '>', now.toISOString())
        .execute();
      return rows.map((row) => row.encrypted_order_id);
    },

    /** TCP printers with tickets queued and due by `now`: left after a restart, or held until a start time that has come. */
    async tcpPrintersWithQueuedJobs(now: Date): Promise<KitchenPrinter[]> {
      const rows = await printers()
        .where('connection', '=', 'tcp')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('print_jobs')
              .select('job_id')
              .whereRef('print_jobs.printer_id', '=', 'kitchen_printers.printer_id')
              .where('print_jobs.status', '=', 'queued')
              .where(dueBy(now)),
          ),
        )
        .execute();
      return rows.map(printerOf);
    },
  };
}

export type PrinterStore = ReturnType<typeof createPrinterStore>;
