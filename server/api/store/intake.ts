import type { DatabaseSync } from 'node:sqlite';
import type { ErrorLogEntry, TableBooking } from '../../../src/lib/api/contract.ts';
import { inTransaction } from './transaction.ts';
import { integer, text, type Row } from './rows.ts';

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

function storedBooking(row: Row): StoredBooking {
  return {
    bookingId: integer(row, 'booking_id'),
    name: text(row, 'name'),
    phone: text(row, 'phone'),
    partySize: integer(row, 'party_size'),
    dateTime: text(row, 'date_time'),
    notes: text(row, 'notes'),
    createdAt: text(row, 'created_at'),
  };
}

/** What visitors send that only staff read back: mailing-list sign-ups, client error logs, table-booking requests. */
export function createIntakeStore(db: DatabaseSync) {
  const subscribe = db.prepare(
    `INSERT INTO mailing_list (retailer_id, email, name, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (retailer_id, email) DO UPDATE SET name = COALESCE(excluded.name, mailing_list.name)`,
  );
  const isSubscribed = db.prepare('SELECT 1 FROM mailing_list WHERE retailer_id = ? AND email = ?');
  const subscribers = db.prepare('SELECT COUNT(*) AS n FROM mailing_list WHERE retailer_id = ?');
  const insertErrorLog = db.prepare('INSERT INTO error_logs (retailer_id, error_type, message, entry_json, received_at) VALUES (?, ?, ?, ?, ?)');
  // Everything older than the newest `kept` of the retailer; nothing while it has fewer.
  const rotateErrorLogs = db.prepare(
    `DELETE FROM error_logs WHERE retailer_id = ? AND error_log_id <= (
       SELECT error_log_id FROM error_logs WHERE retailer_id = ? ORDER BY error_log_id DESC LIMIT 1 OFFSET ?
     )`,
  );
  const slotRequests = db.prepare('SELECT COUNT(*) AS n FROM table_bookings WHERE retailer_id = ? AND slot_at = ?');
  const latestErrorLogs = db.prepare('SELECT entry_json, received_at FROM error_logs WHERE retailer_id = ? ORDER BY error_log_id DESC LIMIT ?');
  const listBookings = db.prepare('SELECT booking_id, name, phone, party_size, date_time, notes, created_at FROM table_bookings WHERE retailer_id = ? ORDER BY booking_id');
  const insertBooking = db.prepare('INSERT INTO table_bookings (retailer_id, name, phone, party_size, date_time, slot_at, notes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');

  return {
    /** Signing up twice keeps one entry. False when the list is full and the email not on it. */
    subscribe(retailerId: number, email: string, name: string | undefined, now: Date): boolean {
      return inTransaction(db, () => {
        if (!isSubscribed.get(retailerId, email) && integer(subscribers.get(retailerId) ?? {}, 'n') >= INTAKE_CAPS.mailingListPerRetailer) return false;
        subscribe.run(retailerId, email, name ?? null, now.toISOString());
        return true;
      });
    },
    /** Stores the batch, then drops the retailer's oldest entries beyond the newest it keeps. */
    logErrors(retailerId: number, entries: readonly ErrorLogEntry[], now: Date): void {
      inTransaction(db, () => {
        for (const entry of entries) insertErrorLog.run(retailerId, entry.errorType, entry.message, JSON.stringify(entry), now.toISOString());
        rotateErrorLogs.run(retailerId, retailerId, INTAKE_CAPS.errorLogsKeptPerRetailer);
      });
    },
    /** The retailer's most recent client errors, newest first, as the browser sent them plus when they arrived. */
    latestErrors(retailerId: number, limit: number): (ErrorLogEntry & { receivedAt: string })[] {
      return latestErrorLogs.all(retailerId, limit).map((row) => ({ ...(JSON.parse(String(row['entry_json'])) as ErrorLogEntry), receivedAt: String(row['received_at']) }));
    },
    /** The new request's id, or null when its slot already holds as many requests as staff can answer. */
    requestBooking(retailerId: number, booking: TableBooking, now: Date): number | null {
      // The slot is the instant in UTC, so one time sent with two offsets is one slot.
      const slotAt = new Date(booking.dateTime).toISOString();
      return inTransaction(db, () => {
        if (integer(slotRequests.get(retailerId, slotAt) ?? {}, 'n') >= INTAKE_CAPS.bookingRequestsPerSlot) return null;
        const result = insertBooking.run(retailerId, booking.name, booking.phone, booking.partySize, booking.dateTime, slotAt, booking.notes, now.toISOString());
        return Number(result.lastInsertRowid);
      });
    },
    /** Staff read the requests back, oldest first. */
    bookings(retailerId: number): StoredBooking[] {
      return listBookings.all(retailerId).map(storedBooking);
    },
  };
}

export type IntakeStore = ReturnType<typeof createIntakeStore>;
