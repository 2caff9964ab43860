import type { Kysely } from 'kysely';
import { DEVELOPMENT_SECRET, isProduction, type Env } from '../../secrets.ts';
import type { NewStaffAccount } from '../../../lib/api/staff-contract.ts';
import { hashPassword } from './passwords.ts';
import type { Database } from '../store/schema.ts';
import { createStaffStore } from '../store/staff.ts';
import { withStores } from '../store/stores.ts';
import type { ServedTenant } from './tenants.ts';

/**
 * The staff accounts the local stack (`npm start`) adds to every sample shop, so the operators'
 * console can be tried at once. Their passwords are in the README: they must never exist where
 * anyone else can reach the API.
 */
export function sampleStaffAccounts(slug: string): NewStaffAccount[] {
  return [
    { email: `owner@${slug}.test`, name: 'Rosa Esposito', role: 'owner', password: `${slug}-owner` },
    { email: `kitchen@${slug}.test`, name: 'Marco Bianchi', role: 'kitchen', password: `${slug}-kitchen` },
  ];
}

/**
 * Why the sample accounts must not be added here, or null: never in production, and never where any
 * secret is a real one (someone set up this API to be reached by others).
 */
export function sampleStaffRefusal(env: Env, secrets: readonly string[]): string | null {
  if (isProduction(env)) return 'NODE_ENV=production';
  if (secrets.some((secret) => secret !== DEVELOPMENT_SECRET))
    return 'secrets of its own are set (OPERATOR_TOKEN, BROKER_OPERATOR_PASSWORD or BROKER_STAFF_SECRET)';
  return null;
}

/** Adds each sample account a tenant lacks (an account already there keeps its password); answers how many were added. */
export async function addSampleStaff(
  db: Kysely<Database>,
  tenants: readonly ServedTenant[],
  now: Date,
): Promise<number> {
  const staff = createStaffStore(db);
  let added = 0;
  for (const { tenant } of tenants) {
    const { retailerId } = tenant.config;
    for (const { password, ...account } of sampleStaffAccounts(tenant.slug)) {
      // Hashing is the slow part: skipped for accounts a previous start added.
      if (await staff.findByEmail(retailerId, account.email)) continue;
      const hash = await hashPassword(password);
      if (await withStores(db, retailerId, (stores) => stores.staff.insert(retailerId, account, hash, now))) added += 1;
    }
  }
  return added;
}
