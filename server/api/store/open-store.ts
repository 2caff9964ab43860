import type { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from './database.ts';
import type { Database } from './schema.ts';
import { NodeSqliteDialect } from './sqlite-dialect.ts';
import { migrateStore } from './store-migrations.ts';

/** Where the API keeps its data: a SQLite file (or `:memory:`), or a PostgreSQL database. */
export type StoreTarget = { sqlitePath: string } | { databaseUrl: string };

/** Connections each API process holds open to PostgreSQL. */
const POSTGRES_POOL_SIZE = 10;
const INT8_OID = 20;

/** BIGINT (epoch milliseconds, counts) as a number, as SQLite answers it; node-postgres answers text. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} does not fit a JavaScript number`);
  return value;
}

const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A pool of connections to `databaseUrl`. The server may end an idle connection (a restart, an
 * administrator); the pool then drops it and opens another on the next query, and a query under
 * way fails on its own promise. Without a listener that error would end the whole process.
 */
export function postgresPool(databaseUrl: string, max = POSTGRES_POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, types: postgresTypes });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Kysely over a SQLite connection already open (and migrated by migrations.ts). Every statement of
 * the API goes through it: Kysely queues callers on the one connection, which a statement run on
 * the connection directly would bypass.
 */
export function sqliteStore(database: DatabaseSync): Kysely<Database> {
  return new Kysely<Database>({ dialect: new NodeSqliteDialect(database) });
}

/**
 * Opens the store at `target` and brings its shared schema (migrations/, one file each) up to date. On
 * SQLite, openDatabase sets the pragmas and runs the SQLite-only history first. `destroy()` closes it.
 */
export async function openStore(target: StoreTarget): Promise<Kysely<Database>> {
  const db =
    'databaseUrl' in target
      ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(target.databaseUrl) }) })
      : sqliteStore(openDatabase(target.sqlitePath));
  try {
    await migrateStore(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
