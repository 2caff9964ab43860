import { cp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TradingHourEntry } from '../../lib/tenant/hours.ts';

/** Both services open from midnight to 23:59 every day: a shop a newcomer can order from at any hour. */
export function allDayTradingHours(): TradingHourEntry[] {
  return Array.from({ length: 7 }, (_, day) => ({
    day,
    openingTimeStart: '00:00',
    openingTimeEnd: '23:59',
    deliveryTimeStart: '00:00',
    deliveryTimeEnd: '23:59',
  }));
}

/**
 * `npm start -- --always-open`: a copy of the tenants folder whose shops trade all day, every day,
 * with no closed dates, so the storefronts can be tried outside Melbourne's trading hours. The
 * build and the API both read the copy, so the server's checks agree with what the pages offer.
 * Group hours and specials keep their own hours: they are the shop's menu, not its opening.
 */
export async function alwaysOpenTenants(from: string, to: string): Promise<string[]> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  const slugs: string[] = [];
  for (const slug of (await readdir(to)).sort()) {
    if (!(await stat(join(to, slug))).isDirectory()) continue;
    slugs.push(slug);
    await writeFile(join(to, slug, 'trading-hours.json'), `${JSON.stringify(allDayTradingHours(), null, 2)}\n`);
    await writeFile(join(to, slug, 'closed-dates.json'), '[]\n');
  }
  return slugs;
}
