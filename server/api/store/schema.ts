/**
 * The tables already served through Kysely, as each database returns them: integers as numbers
 * (PostgreSQL's BIGINT is parsed to a number by openStore), instants as ISO-8601 text. A table
 * joins this interface when its store moves off node:sqlite's own statements.
 */
export interface Database {
  rate_limit_windows: RateLimitWindowsTable;
  clock_overrides: ClockOverridesTable;
}

export interface RateLimitWindowsTable {
  limit_key: string;
  hits: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

export interface ClockOverridesTable {
  retailer_id: number;
  override_json: string;
  updated_at: string;
}
