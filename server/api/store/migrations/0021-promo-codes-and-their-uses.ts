import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0021 promo codes and their uses (issue 30). */
export const migration: Migration = {
  // Issue 30 item 3: a shop's codes stay with the API, never in a tenant file or a build, so the
  // only way to learn one is to be given it (or to guess, which the check's rate limit bounds).
  // Each placed order that used a code keeps a row, counted inside the retailer's write
  // transaction, so the last use of a capped code goes to one order only.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('promo_codes')
      .addColumn('retailer_id', 'integer', (column) => column.notNull())
      .addColumn('code', 'text', (column) => column.notNull())
      .addColumn('terms', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('promo_codes_pk', ['retailer_id', 'code'])
      .execute();
    await db.schema
      .createTable('promo_uses')
      .addColumn('retailer_id', 'integer', (column) => column.notNull())
      .addColumn('code', 'text', (column) => column.notNull())
      .addColumn('order_id', 'integer', (column) => column.notNull())
      .addColumn('phone_key', 'text', (column) => column.notNull())
      .addColumn('email_key', 'text', (column) => column.notNull())
      .addColumn('used_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('promo_uses_pk', ['order_id'])
      .execute();
    await db.schema.createIndex('promo_uses_code').on('promo_uses').columns(['retailer_id', 'code']).execute();
  },
};
