import { type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** 0001 rate-limit windows and clock overrides. */
export const migration: Migration = {
  // migrations.ts versions 4 and 12. BIGINT: windows end at epoch milliseconds, past 32 bits.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_windows')
      .ifNotExists()
      .addColumn('limit_key', 'text', (column) => column.primaryKey())
      .addColumn('hits', 'integer', (column) => column.notNull())
      .addColumn('reset_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('rate_limit_windows_reset_at')
      .ifNotExists()
      .on('rate_limit_windows')
      .column('reset_at')
      .execute();
    await db.schema
      .createTable('clock_overrides')
      .ifNotExists()
      .addColumn('retailer_id', 'integer', (column) => column.primaryKey())
      .addColumn('override_json', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
  },
};
