import type { Kysely, Selectable } from 'kysely';
import type { BookingDecision, BookingStatus, StaffBooking } from '../../../lib/api/staff-contract.ts';
import type { Database, TableBookingsTable } from './schema.ts';

const DECIDED: Readonly<Record<BookingDecision, Exclude<BookingStatus, 'new'>>> = {
  confirm: 'confirmed',
  decline: 'declined',
};

function staffBookingOf(row: Selectable<TableBookingsTable>): StaffBooking {
  return {
    bookingId: row.booking_id,
    name: row.name,
    phone: row.phone,
    partySize: row.party_size,
    dateTime: row.date_time,
    notes: row.notes,
    requestedAt: row.created_at,
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
  };
}

/** What deciding a booking came to: `decided` a new decision, `unchanged` the same one again, `conflict` the other one already stands. */
export type DecisionOutcome =
  { kind: 'decided' | 'unchanged' | 'conflict'; booking: StaffBooking } | { kind: 'unknown' };

/** The table bookings staff answer in the console, over the API's database or one transaction of it. */
export function createStaffBookingStore(db: Kysely<Database>) {
  return {
    /** The retailer's bookings at or after `from`, soonest first (by the instant, whatever offset the customer sent). */
    async upcoming(retailerId: number, from: Date, limit: number): Promise<StaffBooking[]> {
      const rows = await db
        .selectFrom('table_bookings')
        .selectAll()
        .where('retailer_id', '=', retailerId)
        .where('slot_at', '>=', from.toISOString())
        .orderBy('slot_at')
        .orderBy('booking_id')
        .limit(limit)
        .execute();
      return rows.map(staffBookingOf);
    },

    /**
     * Confirms or declines one of the retailer's bookings. Run it inside the retailer's write
     * transaction (withStores), so two staff deciding at once see each other's decision.
     */
    async decide(
      retailerId: number,
      bookingId: number,
      decision: BookingDecision,
      staffName: string,
      now: Date,
    ): Promise<DecisionOutcome> {
      const find = () =>
        db
          .selectFrom('table_bookings')
          .selectAll()
          .where('retailer_id', '=', retailerId)
          .where('booking_id', '=', bookingId)
          .executeTakeFirst();
      const row = await find();
      if (!row) return { kind: 'unknown' };
      const status = DECIDED[decision];
      if (row.status === status) return { kind: 'unchanged', booking: staffBookingOf(row) };
      if (row.status !== 'new') return { kind: 'conflict', booking: staffBookingOf(row) };
      await db
        .updateTable('table_bookings')
        .set({ status, decided_by: staffName, decided_at: now.toISOString() })
        .where('retailer_id', '=', retailerId)
        .where('booking_id', '=', bookingId)
        .where('status', '=', 'new')
        .execute();
      const decided = await find();
      if (!decided) return { kind: 'unknown' };
      return { kind: 'decided', booking: staffBookingOf(decided) };
    },
  };
}

export type StaffBookingStore = ReturnType<typeof createStaffBookingStore>;
