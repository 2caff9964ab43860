import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/tenant/load.ts';
import { alwaysOpenTenants } from './always-open.ts';

const fixtures = join(import.meta.dirname, '../../lib/tenant/fixtures');
let out = '';
afterEach(() => rm(out, { recursive: true, force: true }));

describe('alwaysOpenTenants', () => {
  it('copies every tenant with all-day hours and no closed dates, leaving the rest of its files as they were', async () => {
    out = join(await mkdtemp(join(tmpdir(), 'always-open-')), 'tenants');
    expect(await alwaysOpenTenants(fixtures, out)).toEqual(['corner-slice']);
    const tenant = await loadTenant(out, 'corner-slice');
    expect(tenant.closedDates).toEqual([]);
    expect(tenant.tradingHours).toHaveLength(7);
    expect(new Set(tenant.tradingHours.map((row) => row.day))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    expect(
      tenant.tradingHours.every((row) => row.openingTimeStart === '00:00' && row.deliveryTimeEnd === '23:59'),
    ).toBe(true);
    for (const file of ['products-info-ssr.json', 'specials.json', 'group-hours.json']) {
      expect(await readFile(join(out, 'corner-slice', file), 'utf8')).toBe(
        await readFile(join(fixtures, 'corner-slice', file), 'utf8'),
      );
    }
  });
});
