import type { DatabaseSync } from 'node:sqlite';
import type { ErrorLogEntry, TableBooking } from '../../../src/lib/api/contract.ts';
import { inTransaction } from './transaction.ts';
import { integer, text, type Row } from './rows.ts';

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
  const insertErrorLog = db.prepare('INSERT INTO error_logs (retailer_id, error_type, message, entry_json, received_at) VALUES (?, ?, ?, ?, ?)');
  const latestErrorLogs = db.prepare('SELECT entry_json, received_at FROM error_logs WHERE retailer_id = ? ORDER BY error_log_id DESC LIMIT ?');
  const listBookings = db.prepare('SELECT booking_id, name, phone, party_size, date_time, notes, created_at FROM table_bookings WHERE retailer_id = ? ORDER BY booking_id');
  const insertBooking = db.prepare('INSERT INTO table_bookings (retailer_id, name, phone, party_size, date_time, notes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');

  return {
    /** Signing up twice keeps one entry. */
    subscribe(retailerId: number, email: string, name: string | undefined, now: Date): void {
      subscribe.run(retailerId, email, name ?? null, now.toISOString());
    },
    logErrors(retailerId: number, entries: readonly ErrorLogEntry[], now: Date): void {
      inTransaction(db, () => {
        for (const entry of entries) insertErrorLog.run(retailerId, entry.errorType, entry.message, JSON.stringify(entry), now.toISOString());
      });
    },
    /** The retailer's most recent client errors, newest first, as the browser sent them plus when they arrived. */
    latestErrors(retailerId: number, limit: number): (ErrorLogEntry & { receivedAt: string })[] {
      return latestErrorLogs.all(retailerId, limit).map((row) => ({ ...(JSON.parse(String(row['entry_json'])) as ErrorLogEntry), receivedAt: String(row['received_at']) }));
    },
    requestBooking(retailerId: number, booking: TableBooking, now: Date): number {
      const result = insertBooking.run(retailerId, booking.name, booking.phone, booking.partySize, booking.dateTime, booking.notes, now.toISOString());
      return Number(result.lastInsertRowid);
    },
    /** Staff read the requests back, oldest first. */
    bookings(retailerId: number): StoredBooking[] {
      return listBookings.all(retailerId).map(storedBooking);
    },
  };
}

export type IntakeStore = ReturnType<typeof createIntakeStore>;
