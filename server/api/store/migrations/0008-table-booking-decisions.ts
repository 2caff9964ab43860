import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0008 table booking decisions. */
export const migration: Migration = {
  // Staff confirm or decline the requests customers send (issue 19). Rows from before are new:
  // nobody has answered them in the console. `decided_by` keeps the name as it was, as the audit log does.
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('table_bookings')
      .addColumn('status', 'text', (column) =>
        column
          .notNull()
          .defaultTo('new')
          .check(sql`status IN ('new', 'confirmed', 'declined')`),
      )
      .execute();
    await db.schema.alterTable('table_bookings').addColumn('decided_by', 'text').execute();
    await db.schema.alterTable('table_bookings').addColumn('decided_at', 'text').execute();
  },
};
