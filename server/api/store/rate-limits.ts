import type { DatabaseSync } from 'node:sqlite';
import { integer } from './rows.ts';

/** A key's window after one more hit: how many hits it holds and when it ends (epoch ms). */
export interface RateWindow {
  hits: number;
  resetAt: number;
}

/**
 * Where rate-limit windows live, so limits hold across a restart and are shared by every API
 * process on one database. Asynchronous because a PostgreSQL store implements it too.
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in its window (a new one of `windowMs` when none is open), atomically. */
  take(key: string, windowMs: number, now: number): Promise<RateWindow>;
  /** Closes the key's window, e.g. an account's failed logins once the right password was given. */
  forgive(key: string): Promise<void>;
}

/** Expired windows are deleted at most this often per process, so a flood of keys is swept without a delete per request. */
const PRUNE_EVERY_MS = 60_000;

/** Windows in the `rate_limit_windows` table of the API's SQLite file. */
export function createSqliteRateLimitStore(db: DatabaseSync): RateLimitStore {
  // One statement: two processes hitting the same key cannot both read the old count. Every SET
  // expression reads the row as it was, so `hits` and `reset_at` agree on whether the window expired.
  const take = db.prepare(
    `INSERT INTO rate_limit_windows (limit_key, hits, reset_at) VALUES (?, 1, ?)
     ON CONFLICT (limit_key) DO UPDATE SET
       hits = CASE WHEN rate_limit_windows.reset_at <= ? THEN 1 ELSE rate_limit_windows.hits + 1 END,
       reset_at = CASE WHEN rate_limit_windows.reset_at <= ? THEN excluded.reset_at ELSE rate_limit_windows.reset_at END
     RETURNING hits, reset_at`,
  );
  const forgive = db.prepare('DELETE FROM rate_limit_windows WHERE limit_key = ?');
  const prune = db.prepare('DELETE FROM rate_limit_windows WHERE reset_at <= ?');
  let nextPrune = 0;

  return {
    async take(key, windowMs, now) {
      if (now >= nextPrune) {
        nextPrune = now + PRUNE_EVERY_MS;
        prune.run(now);
      }
      const row = take.get(key, now + windowMs, now, now);
      if (!row) throw new Error(`rate limit window of ${key} was not written`);
      return { hits: integer(row, 'hits'), resetAt: integer(row, 'reset_at') };
    },
    async forgive(key) {
      forgive.run(key);
    },
  };
}
