import type { SQLOutputValue } from 'node:sqlite';

/** Typed reads of SQLite result columns; a mismatch means the schema and the code disagree, a bug worth failing loudly on. */
export type Row = Record<string, SQLOutputValue>;

function mismatch(column: string, expected: string, value: SQLOutputValue | undefined): Error {
  return new TypeError(`column ${column}: expected ${expected}, got ${value === null ? 'null' : typeof value}`);
}

export function integer(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw mismatch(column, 'an integer', value);
}

export function integerOrNull(row: Row, column: string): number | null {
  return row[column] === null ? null : integer(row, column);
}

export function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value === 'string') return value;
  throw mismatch(column, 'text', value);
}

export function textOrNull(row: Row, column: string): string | null {
  return row[column] === null ? null : text(row, column);
}

export function blob(row: Row, column: string): Uint8Array {
  const value = row[column];
  if (value instanceof Uint8Array) return value;
  throw mismatch(column, 'a blob', value);
}
