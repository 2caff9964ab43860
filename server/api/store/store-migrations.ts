import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

/**
 * The schema SQLite and PostgreSQL share, written once with Kysely's schema builder and recorded
 * in `store_migrations`. Append only, like migrations.ts, whose SQLite-only history still runs
 * first on SQLite files and owns every table not listed here. A table moves here when its store
 * moves onto Kysely: its entry creates it IF NOT EXISTS in exactly the shape that history left it
 * in (so an existing SQLite file is untouched and PostgreSQL gets the same table), and every later
 * change to it is a new entry here, never there.
 */
export const storeMigrations: Readonly<Record<string, Migration>> = {
  '0001 rate-limit windows and clock overrides': {
    // migrations.ts versions 4 and 12. BIGINT: windows end at epoch milliseconds, past 32 bits.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_windows')
        .ifNotExists()
        .addColumn('limit_key', 'text', (column) => column.primaryKey())
        .addColumn('hits', 'integer', (column) => column.notNull())
        .addColumn('reset_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_windows_reset_at').ifNotExists().on('rate_limit_windows').column('reset_at').execute();
      await db.schema
        .createTable('clock_overrides')
        .ifNotExists()
        .addColumn('retailer_id', 'integer', (column) => column.primaryKey())
        .addColumn('override_json', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    },
  },
};

/**
 * Applies every entry the database lacks, in name order, in one transaction. Kysely's migrator
 * holds a lock while it does (a row lock on PostgreSQL, BEGIN IMMEDIATE on SQLite), so API
 * processes starting together apply each entry once.
 */
export async function migrateStore<DB>(db: Kysely<DB>, migrations: Readonly<Record<string, Migration>> = storeMigrations): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    migrationTableName: 'store_migrations',
    migrationLockTableName: 'store_migrations_lock',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`store migration${failed ? ` "${failed.migrationName}"` : 's'} failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
