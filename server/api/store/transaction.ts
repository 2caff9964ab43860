import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The first half of the API's advisory lock keys on PostgreSQL, so they cannot collide with another application's. */
const ADVISORY_LOCK_SPACE = 0x53_46_41_50; // "SFAP"

/**
 * Runs `work` in one write transaction of the retailer's data: all of it lands or none of it does,
 * and no other write transaction of that retailer runs between its reads and its writes. The
 * routes' checks rely on that (an Idempotency-Key finds its order or makes one, an order is placed
 * once under the next number, a placed order refuses writes, an email has one account).
 *
 * On SQLite that is the one writer: BEGIN IMMEDIATE takes the file's write lock, and Kysely queues
 * every other statement of the process until the transaction ends. On PostgreSQL the transaction
 * first takes the retailer's advisory lock, held to its end, so the retailer's write transactions
 * run one after another on any number of connections and API processes, each reading what the
 * previous committed (READ COMMITTED). The unique constraints stay behind it as the last line.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  retailerId: number,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return db.transaction().execute(work);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_SPACE}::integer, ${retailerId}::integer)`.execute(trx);
    return work(trx);
  });
}
