import { describe, expect, it } from 'vitest';
import { shardSchema, shardTenants } from './shard.ts';

describe('shardTenants', () => {
  const slugs = Array.from({ length: 103 }, (_, index) => `shop-${(index * 7919) % 1000}`);

  it.each([1, 2, 3, 7, 103, 150])('splits the tenants into %i shards with no overlap or gap', (count) => {
    const shards = Array.from({ length: count }, (_, index) =>
      shardTenants(slugs, shardSchema.parse(`${index + 1}/${count}`)),
    );
    expect(shards.flat().sort()).toEqual([...slugs].sort());
    expect(new Set(shards.flat()).size).toBe(slugs.length);
    const sizes = shards.map((shard) => shard.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('gives the same split whatever order the slugs come in', () => {
    const shard = shardSchema.parse('2/4');
    expect(shardTenants([...slugs].reverse(), shard)).toEqual(shardTenants(slugs, shard));
  });

  it('refuses a shard outside 1..n', () => {
    for (const text of ['0/3', '4/3', '1/0', 'two/3', '1'])
      expect(shardSchema.safeParse(text).success, text).toBe(false);
  });
});
