import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether a migration runs on PostgreSQL, where a few column types and identities differ from SQLite's. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
