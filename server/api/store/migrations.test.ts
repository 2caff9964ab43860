import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate, migrations, type Migration } from './migrations.ts';

const versions = (db: DatabaseSync) =>
  db
    .prepare('SELECT version FROM schema_migrations ORDER BY version')
    .all()
    .map((row) => row['version']);
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
    [
      'a broken migration',
      [
        { version: 1, name: 'fine', sql: 'CREATE TABLE a (x)' },
        { version: 2, name: 'broken', sql: 'CREATE TABLE b (x); CREATE TABLE oops (' },
      ],
      [1],
    ],
    [
      'a migration breaking half-way',
      [{ version: 1, name: 'half', sql: 'CREATE TABLE c (x); INSERT INTO nowhere VALUES (1)' }],
      [],
    ],
  ])('rolls back %s whole and stops there', (_name, list, applied) => {
    const db = new DatabaseSync(':memory:');
    expect(() => migrate(db, list, at)).toThrow(/migration \d \(\w+\) failed/);
    expect(versions(db)).toEqual(applied);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('b', 'c')").all();
    expect(tables).toEqual([]);
  });

  it('numbers the orders placed before order numbers existed per retailer, in the order they were made', () => {
    const db = new DatabaseSync(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.version < 9),
      at,
    );
    const insert = db.prepare(
      `INSERT INTO orders (encrypted_order_id, retailer_id, is_pickup, order_for_later, closed_date, extra_order_notes, create_date, current_order_status_type_id,
         last_order_status_update, historic_delivery_fee_cents, historic_delivery_wait_time, sub_total_cents, order_platform_source_id, source, created_at, updated_at, placed_at)
       VALUES (?, ?, 1, 0, 0, '', 'x', 1, 'x', 0, 0, 0, 1, 'web', 'x', 'x', ?)`,
    );
    for (const [id, retailer, placedAt] of [
      ['a', 1, 'x'],
      ['b', 2, 'x'],
      ['c', 1, null],
      ['d', 1, 'x'],
      ['e', 2, 'x'],
    ] as const)
      insert.run(id, retailer, placedAt);
    migrate(db, migrations, at);
    const numbers = db
      .prepare('SELECT encrypted_order_id, order_number FROM orders ORDER BY order_id')
      .all()
      .map((row) => [row['encrypted_order_id'], row['order_number']]);
    expect(numbers).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', null],
      ['d', 2],
      ['e', 2],
    ]);
  });

  it('gives the table bookings made before slots existed their slot in UTC, whatever offset they were sent with', () => {
    const db = new DatabaseSync(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.version < 12),
      at,
    );
    const insert = db.prepare(
      "INSERT INTO table_bookings (retailer_id, name, phone, party_size, date_time, notes, created_at) VALUES (1, 'Ada', '0400', 2, ?, '', 'x')",
    );
    for (const dateTime of ['2030-03-06T19:00:00+11:00', '2030-03-06T08:00:00Z']) insert.run(dateTime);
    migrate(db, migrations, at);
    expect(
      db
        .prepare('SELECT slot_at FROM table_bookings ORDER BY booking_id')
        .all()
        .map((row) => row['slot_at']),
    ).toEqual(['2030-03-06T08:00:00.000Z', '2030-03-06T08:00:00.000Z']);
  });
});
