import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0020 kitchen capacity slots (issue 28). */
export const migration: Migration = {
  // Issue 28 item 6: place-order adds up a slot's counted pizzas inside the retailer's write
  // transaction, so each placed order keeps its slot and count, found by index, not by reading
  // every placement's JSON. Orders placed before this count nothing (null slot).
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('slot_at', 'text').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('slot_items', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('orders_retailer_slot').on('orders').columns(['retailer_id', 'slot_at']).execute();
    // An order on the payment provider's page holds its room until paid or given up, so a paid order never overfills.
    await db.schema.alterTable('online_payments').addColumn('slot_at', 'text').execute();
    await db.schema
      .alterTable('online_payments')
      .addColumn('slot_items', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('online_payments')
      .addColumn('slot_pickup', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
