/**
 * One row of a file as on disk with an edited row's fields set. A field whose edited value equals
 * what the schema reads from the row (a default included) is left as written, absent keys stay
 * absent, and a row with nothing changed is returned as the very same object: a publish rewrites
 * only what the owner changed.
 */
export function mergeRow<T extends object>(
  raw: Record<string, unknown>,
  read: T,
  edited: T,
  fields: readonly (keyof T & string)[],
): Record<string, unknown> {
  const changed = fields.filter((field) => read[field] !== edited[field]);
  if (changed.length === 0) return raw;
  return { ...raw, ...Object.fromEntries(changed.map((field) => [field, edited[field]])) };
}

/** A row the file did not have: every field written out, so the file reads without its defaults. */
export function newRow<T extends object>(edited: T, fields: readonly (keyof T & string)[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, edited[field]]));
}
