import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** How often a PostgreSQL transaction that lost a race to a concurrent one is run again from the start. */
const SERIALIZATION_ATTEMPTS = 10;
/** serialization_failure and deadlock_detected: the transaction was rolled back and may simply run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && RETRYABLE_CODES.has(error.code);
}

/**
 * Runs `work` in one write transaction: all of it lands or none of it does, and it sees no other
 * request's writes half done. On SQLite the transaction holds the write lock from its start (BEGIN
 * IMMEDIATE) and the one connection (Kysely queues every other statement until it ends). On
 * PostgreSQL it is SERIALIZABLE: when two requests race (the same Idempotency-Key, the next order
 * number), one is rolled back and `work` runs again, then sees the other's result. So `work` must
 * do nothing outside the database it could not do twice.
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return db.transaction().execute(work);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      if (attempt >= SERIALIZATION_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
