import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A server where the tests may create and drop databases (CI runs one; so does the dev machine). */
export const POSTGRES_ADMIN_URL = process.env['POSTGRES_TEST_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabases {
  /** Why PostgreSQL tests skip, or null when the server answered. */
  skipReason: string | null;
  /** A new empty database, dropped by dropAll; its URL. */
  create(): Promise<string>;
  /** Drops one database create made. */
  drop(url: string): Promise<void>;
  dropAll(): Promise<void>;
}

/** Throw-away databases of one test file, named for this run so two runs never share one. */
export async function testDatabases(): Promise<TestDatabases> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  let skipReason: string | null = null;
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message || error.name : String(error);
    skipReason = `skipped: no PostgreSQL at ${POSTGRES_ADMIN_URL} (${reason}); start one or set POSTGRES_TEST_URL`;
  }
  const run = randomBytes(4).toString('hex');
  const created: string[] = [];
  return {
    skipReason,
    async create() {
      if (skipReason) throw new Error(skipReason);
      // Lower-case letters, digits and underscores only, so the name needs no quoting.
      const name = `api_test_${run}_${created.length + 1}`;
      await admin.query(`CREATE DATABASE ${name}`);
      created.push(name);
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async drop(url) {
      const name = new URL(url).pathname.slice(1);
      const index = created.indexOf(name);
      if (index === -1) return;
      created.splice(index, 1);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    async dropAll() {
      if (skipReason) return;
      for (const name of created.splice(0)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
