import type { Kysely, Selectable } from 'kysely';
import type { ErrorLogEntry, TableBooking } from '../../../lib/api/contract.ts';
import { inTransaction } from './transaction.ts';
import type { Database, TableBookingsTable } from './schema.ts';
import { keepNewest } from './keep-newest.ts';

/**
 * What a flood may leave on disk. Error logs rotate: a retailer keeps its newest entries, each at
 * most about 40 KB (the entry schema's field limits), so at most ~40 MB. The mailing list and a
 * slot's booking requests stop taking new ones at their cap. SECURITY.md lists them.
 */
export const INTAKE_CAPS = {
  errorLogsKeptPerRetailer: 1000,
  mailingListPerRetailer: 100_000,
  bookingRequestsPerSlot: 20,
} as const;

export interface StoredBooking {
  bookingId: number;
  name: string;
  phone: string;
  partySize: number;
  dateTime: string;
  notes: string;
  createdAt: string;
}

function storedBooking(row: Selectable<TableBookingsTable>): StoredBooking {
  return {
    bookingId: row.booking_id,
    name: row.name,
    phone: row.phone,
    partySize: row.party_size,
    dateTime: row.date_time,
    notes: row.notes,
    createdAt: row.created_at,
  };
}

/**
 * What visitors send that only staff read back: mailing-list sign-ups, client error logs,
 * table-booking requests. Over the API's database itself: each write runs its own transaction.
 */
export function createIntakeStore(db: Kysely<Database>) {
  return {
    /** Signing up twice keeps one entry. False when the list is full and the email not on it. */
    subscribe(retailerId: number, email: string, name: string | undefined, now: Date): Promise<boolean> {
      return inTransaction(db, retailerId, async (trx) => {
        const listed = await trx
          .selectFrom('mailing_list')
          .select('email')
          .where('retailer_id', '=', retailerId)
          .where('email', '=', email)
          .executeTakeFirst();
        if (
          !listed &&
          (
            await trx
              .selectFrom('mailing_list')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('retailer_id', '=', retailerId)
              .executeTakeFirstOrThrow()
          ).n >= INTAKE_CAPS.mailingListPerRetailer
        )
          return false;
        await trx
          .insertInto('mailing_list')
          .values({ retailer_id: retailerId, email, name: name ?? null, created_at: now.toISOString() })
          .onConflict((conflict) =>
            conflict
              .columns(['retailer_id', 'email'])
              .doUpdateSet((eb) => ({ name: eb.fn.coalesce('excluded.name', 'mailing_list.name') })),
          )
          .execute();
        return true;
      });
    },
    /** Stores the batch, then drops the retailer's oldest entries beyond the newest it keeps. */
    async logErrors(retailerId: number, entries: readonly ErrorLogEntry[], now: Date): Promise<void> {
      await inTransaction(db, retailerId, async (trx) => {
        if (entries.length > 0) {
          await trx
            .insertInto('error_logs')
            .values(
              entries.map((entry) => ({
                retailer_id: retailerId,
                error_type: entry.errorType,
                message: entry.message,
                entry_json: JSON.stringify(entry),
                received_at: now.toISOString(),
              })),
            )
            .execute();
        }
        await keepNewest(trx, 'error_logs', retailerId, INTAKE_CAPS.errorLogsKeptPerRetailer);
      });
    },
    /** The retailer's most recent client errors, newest first, as the browser sent them plus when they arrived. */
    async latestErrors(retailerId: number, limit: number): Promise<(ErrorLogEntry & { receivedAt: string })[]> {
      const rows = await db
        .selectFrom('error_logs')
        .select(['entry_json', 'received_at'])
        .where('retailer_id', '=', retailerId)
        .orderBy('error_log_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...(JSON.parse(row.entry_json) as ErrorLogEntry), receivedAt: row.received_at }));
    },
    /** The new request's id, or null when its slot already holds as many requests as staff can answer. */
    requestBooking(retailerId: number, booking: TableBooking, now: Date): Promise<number | null> {
      // The slot is the instant in UTC, so one time sent with two offsets is one slot.
      const slotAt = new Date(booking.dateTime).toISOString();
      return inTransaction(db, retailerId, async (trx) => {
        const requests = await trx
          .selectFrom('table_bookings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('retailer_id', '=', retailerId)
          .where('slot_at', '=', slotAt)
          .executeTakeFirstOrThrow();
        if (requests.n >= INTAKE_CAPS.bookingRequestsPerSlot) return null;
        const inserted = await trx
          .insertInto('table_bookings')
          .values({
            retailer_id: retailerId,
            name: booking.name,
            phone: booking.phone,
            party_size: booking.partySize,
            date_time: booking.dateTime,
            slot_at: slotAt,
            notes: booking.notes,
            created_at: now.toISOString(),
          })
          .returning('booking_id')
          .executeTakeFirstOrThrow();
        return inserted.booking_id;
      });
    },
    /** Staff read the requests back, oldest first. */
    async bookings(retailerId: number): Promise<StoredBooking[]> {
      const rows = await db
        .selectFrom('table_bookings')
        .selectAll()
        .where('retailer_id', '=', retailerId)
        .orderBy('booking_id')
        .execute();
      return rows.map(storedBooking);
    },
  };
}

export type IntakeStore = ReturnType<typeof createIntakeStore>;
