import { afterAll, describe } from 'vitest';
import { POSTGRES_ADMIN_URL, testDatabases } from './postgres-test-databases.ts';
import { storeCases } from './store-cases.ts';

const databases = await testDatabases();
// Dropping a dozen databases takes a while on a busy machine.
afterAll(() => databases.dropAll(), 60_000);

if (databases.skipReason) console.warn(`store-postgres.test.ts: ${databases.skipReason}`);
const title = `the store on PostgreSQL (${databases.skipReason ?? `a database created on ${new URL(POSTGRES_ADMIN_URL).host} for each test`})`;

describe.skipIf(databases.skipReason !== null)(title, () => {
  storeCases(async () => ({ databaseUrl: await databases.create() }));
});
