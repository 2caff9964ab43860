import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A key's window after one more hit: how many hits it holds and when it ends (epoch ms). */
export interface RateWindow {
  hits: number;
  resetAt: number;
}

/**
 * Where rate-limit windows live, so limits hold across a restart and are shared by every API
 * process on one database.
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in its window (a new one of `windowMs` when none is open), atomically. */
  take(key: string, windowMs: number, now: number): Promise<RateWindow>;
  /** Closes the key's window, e.g. an account's failed logins once the right password was given. */
  forgive(key: string): Promise<void>;
}

/** Expired windows are deleted at most this often per process, so a flood of keys is swept without a delete per request. */
const PRUNE_EVERY_MS = 60_000;

/** Windows in the `rate_limit_windows` table, on SQLite or PostgreSQL. */
export function createRateLimitStore(db: Kysely<Database>): RateLimitStore {
  let nextPrune = 0;

  return {
    async take(key, windowMs, now) {
      // One statement: two processes hitting the same key cannot both read the old count. Every SET
      // expression reads the row as it was, so `hits` and `reset_at` agree on whether the window expired.
      const row = await db
        .insertInto('rate_limit_windows')
        .values({ limit_key: key, hits: 1, reset_at: now + windowMs })
        .onConflict((conflict) =>
          conflict.column('limit_key').doUpdateSet((eb) => {
            const expired = eb('rate_limit_windows.reset_at', '<=', now);
            return {
              hits: eb
                .case()
                .when(expired)
                .then(eb.lit(1))
                .else(eb('rate_limit_windows.hits', '+', eb.lit(1)))
                .end(),
              reset_at: eb
                .case()
                .when(expired)
                .then(eb.ref('excluded.reset_at'))
                .else(eb.ref('rate_limit_windows.reset_at'))
                .end(),
            };
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow(() => new Error(`rate limit window of ${key} was not written`));
      // After the take, so takes reach the database in the order they were made, as their windows' starts.
      if (now >= nextPrune) {
        nextPrune = now + PRUNE_EVERY_MS;
        await db.deleteFrom('rate_limit_windows').where('reset_at', '<=', now).execute();
      }
      return { hits: row.hits, resetAt: row.reset_at };
    },
    async forgive(key) {
      await db.deleteFrom('rate_limit_windows').where('limit_key', '=', key).execute();
    },
  };
}
