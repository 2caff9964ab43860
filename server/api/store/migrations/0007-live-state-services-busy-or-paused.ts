import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0007 live state: services busy or paused, dishes sold out. */
export const migration: Migration = {
  // The operators' console (issue 19, slice 2). A busy or paused service and a sold-out dish each
  // carry the instant they end at, so every API process works the state out from its own clock
  // and nothing needs to run at that instant for it to end.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('live_services')
      .addColumn('retailer_id', 'integer', (column) => column.notNull())
      .addColumn('service', 'text', (column) => column.notNull().check(sql`service IN ('pickup', 'delivery')`))
      .addColumn('wait_minutes', 'integer', (column) => column.notNull())
      .addColumn('mode', 'text', (column) => column.notNull().check(sql`mode IN ('open', 'busy', 'paused')`))
      .addColumn('until', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('live_services_pk', ['retailer_id', 'service'])
      .execute();
    await db.schema
      .createTable('sold_out_items')
      .addColumn('retailer_id', 'integer', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind IN ('product', 'group')`))
      .addColumn('item_id', 'integer', (column) => column.notNull())
      .addColumn('until', 'text', (column) => column.notNull())
      .addColumn('marked_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('sold_out_items_pk', ['retailer_id', 'kind', 'item_id'])
      .execute();
  },
};
