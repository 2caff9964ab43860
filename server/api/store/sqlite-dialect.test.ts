import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../tests/support/test-support.ts';
import { NodeSqliteDialect } from './sqlite-dialect.ts';

interface Notes {
  notes: { note_id: Generated<number>; body: string; pinned: Generated<number> };
}

const opened: Kysely<Notes>[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function over(database: DatabaseSync): Kysely<Notes> {
  database.exec(
    'CREATE TABLE IF NOT EXISTS notes (note_id INTEGER PRIMARY KEY, body TEXT NOT NULL, pinned INTEGER NOT NULL DEFAULT 0)',
  );
  const db = new Kysely<Notes>({ dialect: new NodeSqliteDialect(database) });
  opened.push(db);
  return db;
}

function file(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'notes.sqlite');
}

describe('Kysely over node:sqlite', () => {
  it('answers the rows an insert returns, a select finds and an update changes', async () => {
    const db = over(new DatabaseSync(':memory:'));
    const inserted = await db
      .insertInto('notes')
      .values([{ body: 'first' }, { body: 'second' }])
      .returning(['note_id', 'body'])
      .execute();
    expect(inserted).toEqual([
      { note_id: 1, body: 'first' },
      { note_id: 2, body: 'second' },
    ]);
    const updated = await db.updateTable('notes').set({ pinned: 1 }).where('body', '=', 'second').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('notes').select(['body', 'pinned']).orderBy('note_id').execute()).toEqual([
      { body: 'first', pinned: 0 },
      { body: 'second', pinned: 1 },
    ]);
  });

  it('binds true and false as 1 and 0, and refuses a value SQLite cannot hold', async () => {
    const db = over(new DatabaseSync(':memory:'));
    const { rows } = await sql<{ yes: number; no: number }>`SELECT ${true} AS yes, ${false} AS no`.execute(db);
    expect(rows).toEqual([{ yes: 1, no: 0 }]);
    await expect(sql`SELECT ${{ body: 'an object' }} AS value`.execute(db)).rejects.toThrow(
      /must be a number, bigint, string, bytes, boolean or null, got object/,
    );
  });

  it('undoes the whole of a transaction that throws', async () => {
    const db = over(new DatabaseSync(':memory:'));
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'half' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
  });

  it("keeps other callers' statements out of a transaction until it ends, and runs them in the order they came", async () => {
    const db = over(new DatabaseSync(':memory:'));
    let letGo: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const inside = new Promise<void>((resolve) => (reached = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'inside' }).execute();
      reached();
      await held;
      throw new Error('rolled back');
    });
    await inside;
    // Sent while the transaction waits: run inside it, the insert would be rolled back with it and the select would see 'inside'.
    const outside = db.insertInto('notes').values({ body: 'outside' }).execute();
    const seen = db.selectFrom('notes').select('body').orderBy('note_id').execute();
    // Lets the event loop run whatever may run before the transaction ends.
    for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    letGo();
    await expect(transaction).rejects.toThrow('rolled back');
    await outside;
    expect(await seen).toEqual([{ body: 'outside' }]);
  });

  it('takes the write lock when a transaction begins, before its first write', async () => {
    const path = file();
    const database = new DatabaseSync(path);
    // As the API opens its file: under WAL a plain BEGIN's reads would not keep another writer out.
    database.exec('PRAGMA journal_mode = WAL');
    const db = over(database);
    const other = new DatabaseSync(path);
    other.exec('PRAGMA busy_timeout = 0');
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('notes').selectAll().execute();
        expect(() => other.exec("INSERT INTO notes (body) VALUES ('elsewhere')")).toThrow(/locked/);
      });
      other.exec("INSERT INTO notes (body) VALUES ('after')");
      expect(await db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'after' }]);
    } finally {
      other.close();
    }
  });

  it('closes the connection when Kysely is destroyed', async () => {
    const database = new DatabaseSync(':memory:');
    const db = over(database);
    await db.selectFrom('notes').selectAll().execute();
    await db.destroy();
    expect(database.isOpen).toBe(false);
  });
});
