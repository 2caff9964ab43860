import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';

/** Prepared statements kept per connection: the API runs the same few dozen queries over and over. */
const STATEMENT_CACHE_SIZE = 200;

/** node:sqlite binds numbers, bigints, text, bytes and null; Kysely may also hand over booleans. */
function bindable(value: unknown): SQLInputValue {
  if (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    value instanceof Uint8Array
  )
    return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new TypeError(
    `a SQLite parameter must be a number, bigint, string, bytes, boolean or null, got ${value === undefined ? 'undefined' : typeof value}`,
  );
}

/** Kysely's SQLite driver expects better-sqlite3's statement shape: parameters as one array and a `reader` flag. */
function asKyselyDatabase(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  return {
    close() {
      if (database.isOpen) database.close();
    },
    prepare(sql) {
      let entry = cache.get(sql);
      if (!entry) {
        const statement = database.prepare(sql);
        entry = { statement, reader: statement.columns().length > 0 };
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? sql);
        cache.set(sql, entry);
      }
      const { statement, reader } = entry;
      return {
        reader,
        all: (parameters) => statement.all(...parameters.map(bindable)),
        run: (parameters) => statement.run(...parameters.map(bindable)),
        iterate: (parameters) => statement.iterate(...parameters.map(bindable)),
      };
    },
  };
}

/**
 * One statement or transaction at a time: Kysely's runtime driver queues callers on a mutex while
 * the adapter says SQLite has one connection, so no request's statements run inside another's
 * transaction (sqlite-dialect.test.ts holds it to that).
 *
 * BEGIN IMMEDIATE takes the write lock at the start: with a plain
 * BEGIN, two processes that both read before writing deadlock on the upgrade, and one fails at
 * once with SQLITE_BUSY instead of waiting out busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely's SQLite dialect over node:sqlite, the driver Node ships: Kysely supports better-sqlite3,
 * which needs a native build at install time. Destroying the Kysely instance closes the connection.
 */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: DatabaseSync) {
    const adapted = asKyselyDatabase(database);
    super({ database: adapted });
    this.#database = adapted;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}
