import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The per-retailer logs that keep a bounded number of rows, each with the id that orders them. */
const idColumns = { shop_publishes: 'publish_id', shop_switches: 'switch_id', error_logs: 'error_log_id' } as const;

/**
 * Deletes a retailer's rows older than its newest `kept` (nothing while it has fewer), in one
 * statement both stores run: the subquery finds the newest row to drop, or null, which matches nothing.
 */
export async function keepNewest(
  db: Kysely<Database>,
  table: keyof typeof idColumns,
  retailerId: number,
  kept: number,
): Promise<void> {
  const id = sql.ref(idColumns[table]);
  const from = sql.table(table);
  await sql`delete from ${from} where retailer_id = ${retailerId} and ${id} <= (select ${id} from ${from} where retailer_id = ${retailerId} order by ${id} desc limit 1 offset ${kept})`.execute(
    db,
  );
}
