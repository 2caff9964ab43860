import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { storeCases } from './store-cases.ts';

/** A server where the tests may create and drop databases (CI runs one; so does the dev machine). */
const adminUrl = process.env['POSTGRES_TEST_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';

async function connectAdmin(): Promise<pg.Client | string> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    return error instanceof Error ? error.message || error.name : String(error);
  }
}

const admin = await connectAdmin();
const run = randomBytes(4).toString('hex');
const created: string[] = [];

afterAll(async () => {
  if (typeof admin === 'string') return;
  for (const name of created.splice(0)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const skipReason = typeof admin === 'string' ? `skipped: no PostgreSQL at ${adminUrl} (${admin}); start one or set POSTGRES_TEST_URL` : null;
if (skipReason) console.warn(`store-postgres.test.ts: ${skipReason}`);
const title = `the store on PostgreSQL (${skipReason ?? 'a database created for each test'})`;

describe.skipIf(skipReason !== null)(title, () => {
  storeCases(async () => {
    if (typeof admin === 'string') throw new Error(admin);
    // Lower-case letters, digits and underscores only, so the name needs no quoting.
    const name = `api_test_${run}_${created.length + 1}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { databaseUrl: url.toString() };
  });
});
