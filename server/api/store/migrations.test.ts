import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate, migrations, type Migration } from './migrations.ts';

const versions = (db: DatabaseSync) => db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((row) => row['version']);
const at = new Date('2030-03-05T09:00:00Z');

describe('migrate', () => {
  it('applies every migration in order once and records each', () => {
    const db = new DatabaseSync(':memory:');
    expect(migrate(db, migrations, at)).toEqual(migrations.map((migration) => migration.version));
    expect(migrate(db, migrations, at)).toEqual([]);
    expect(versions(db)).toEqual(migrations.map((migration) => migration.version));
    expect(db.prepare('SELECT applied_at FROM schema_migrations LIMIT 1').get()?.['applied_at']).toBe(at.toISOString());
  });

  it('numbers migrations 1, 2, 3... without gaps, so a missing one shows', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
  });

  it('applies only the migrations newer than the database', () => {
    const db = new DatabaseSync(':memory:');
    const first = migrations.slice(0, 2);
    expect(migrate(db, first, at)).toEqual([1, 2]);
    expect(migrate(db, migrations, at)).toEqual(migrations.slice(2).map((migration) => migration.version));
  });

  it.each<[string, Migration[], number[]]>([
    ['a broken migration', [{ version: 1, name: 'fine', sql: 'CREATE TABLE a (x)' }, { version: 2, name: 'broken', sql: 'CREATE TABLE b (x); CREATE TABLE oops (' }], [1]],
    ['a migration breaking half-way', [{ version: 1, name: 'half', sql: 'CREATE TABLE c (x); INSERT INTO nowhere VALUES (1)' }], []],
  ])('rolls back %s whole and stops there', (_name, list, applied) => {
    const db = new DatabaseSync(':memory:');
    expect(() => migrate(db, list, at)).toThrow(/migration \d \(\w+\) failed/);
    expect(versions(db)).toEqual(applied);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('b', 'c')").all();
    expect(tables).toEqual([]);
  });
});
