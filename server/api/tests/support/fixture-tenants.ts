import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_TENANTS, tempDir } from './test-support.ts';

/**
 * A throw-away copy of the fixture tenants whose test-pizza has `retailerInfo` set over its own
 * (a kitchen capacity, a time zone) and, when given, other trading hours: the directory, for
 * `start({ tenantsDir })`; the caller removes it.
 */
export function fixtureTenantsWith(retailerInfo: Record<string, unknown>, tradingHours?: unknown[]): string {
  const tenantsDir = tempDir();
  cpSync(FIXTURE_TENANTS, tenantsDir, { recursive: true });
  const file = join(tenantsDir, 'test-pizza', 'retailer-config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { retailerInfo: Record<string, unknown> };
  writeFileSync(
    file,
    JSON.stringify({ ...config, retailerInfo: { ...config.retailerInfo, ...retailerInfo } }, null, 2),
  );
  if (tradingHours) writeFileSync(join(tenantsDir, 'test-pizza', 'trading-hours.json'), JSON.stringify(tradingHours));
  return tenantsDir;
}
