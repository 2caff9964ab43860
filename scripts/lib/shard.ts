import { z } from 'zod';

/** `--shard i/n`: job i (1-based) of n. */
export const shardSchema = z
  .string()
  .regex(/^\d+\/\d+$/, 'expected i/n, e.g. 2/4')
  .transform((text) => {
    const [index, count] = text.split('/').map(Number) as [number, number];
    return { index, count };
  })
  .refine(({ index, count }) => count >= 1 && index >= 1 && index <= count, 'expected 1 <= i <= n');
export type Shard = z.output<typeof shardSchema>;

/**
 * The tenants job i of n builds: every n-th slug in sorted order, so the n jobs together build every
 * tenant exactly once and each job gets the same share (±1) whatever the slugs look like.
 */
export function shardTenants(slugs: readonly string[], shard: Shard | undefined): string[] {
  const sorted = [...slugs].sort();
  if (!shard) return sorted;
  return sorted.filter((_, position) => position % shard.count === shard.index - 1);
}
