import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0019 auto-accept per shop (issue 28). */
export const migration: Migration = {
  // A shop's kitchen settings kept by the API (off until an owner turns them on), and when the API
  // accepted an order by itself, so the console's alert can say so.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('kitchen_settings')
      .addColumn('retailer_id', 'integer', (column) => column.primaryKey())
      .addColumn('auto_accept', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema.alterTable('orders').addColumn('auto_accepted_at', 'text').execute();
  },
};
