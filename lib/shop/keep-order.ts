const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` with the keys of each object in the order `raw` (the same data as on disk) has them,
 * new keys after: zod's output puts a schema's own keys first, and a publish that reordered every
 * entry of a file would bury the one price it changed in a diff of the whole file.
 */
export function keepOrder(raw: unknown, value: unknown): unknown {
  if (Array.isArray(raw) && Array.isArray(value)) return value.map((item, index) => keepOrder(raw[index], item));
  if (!isRecord(raw) || !isRecord(value)) return value;
  const keys = [
    ...Object.keys(raw).filter((key) => key in value),
    ...Object.keys(value).filter((key) => !(key in raw)),
  ];
  return Object.fromEntries(keys.map((key) => [key, keepOrder(raw[key], value[key])]));
}
