import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { storeMigrations } from './migrations/index.ts';

/**
 * Applies every entry the database lacks, in name order, in one transaction. Kysely's migrator
 * holds a lock while it does (a row lock on PostgreSQL, BEGIN IMMEDIATE on SQLite), so API
 * processes starting together apply each entry once.
 */
export async function migrateStore<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = storeMigrations,
): Promise<string[]> {
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
    throw new Error(`store migration${failed ? ` "${failed.migrationName}"` : 's'} failed: ${reason}`, {
      cause: error,
    });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
