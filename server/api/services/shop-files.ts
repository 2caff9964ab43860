import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DishPrice } from '../../../lib/shop/dish-prices.ts';
import { withPrices } from '../../../lib/shop/dish-prices.ts';
import { partFor, shopPartKeys, type ShopPartKey, type ShopPartsDraft } from '../../../lib/shop/parts/index.ts';
import { crossCheckTenant } from '../../../lib/tenant/cross-check.ts';
import { formatProblem, jsonPath, loadTenant, TenantLoadError } from '../../../lib/tenant/load.ts';
import type { TenantProblem } from '../../../lib/tenant/problem.ts';
import { tenantFiles, type Tenant, type TenantFileKey } from '../../../lib/tenant/tenant.ts';
import { ApiProblem } from './problems.ts';
import { serveTenants, type ServedTenant } from './tenants.ts';

/**
 * Publishing writes the tenant's own data files (tenants/<slug>/*.json under TENANTS_DIR): they
 * stay the one source of truth, the build and the watcher of `npm start` read nothing else, and
 * the change is a plain diff an operator can commit.
 */

/** The published tenant, read from its folder now (another API process may have published since this one started). */
export async function publishedTenant(tenantsDir: string, slug: string): Promise<Tenant> {
  try {
    return await loadTenant(tenantsDir, slug);
  } catch (error) {
    if (error instanceof TenantLoadError)
      throw new ApiProblem(
        409,
        `The shop's files are broken, so it cannot be edited here until they are fixed: ${error.problems.map(formatProblem).join('; ')}`,
      );
    throw error;
  }
}

/** What an edit sets: dish prices and the value of each part it changes. */
export interface ShopEdit {
  prices: readonly DishPrice[];
  parts: ShopPartsDraft;
}

/** The raw JSON of the files an edit touches, as on disk; an optional file that is absent reads as undefined. */
type RawFiles = Map<TenantFileKey, unknown>;

async function readRaw(folder: string, key: TenantFileKey): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join(folder, tenantFiles[key].file), 'utf8')) as unknown;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT' && !tenantFiles[key].required)
      return undefined;
    throw new ApiProblem(
      409,
      `The shop's ${tenantFiles[key].file} is broken, so it cannot be edited here until it is fixed.`,
    );
  }
}

function writePart<K extends ShopPartKey>(key: K, parts: ShopPartsDraft, raw: RawFiles): void {
  const value = parts[key];
  if (value === undefined) return;
  const part = partFor(key);
  const written = part.write(raw.get(part.file), value);
  if (written === undefined)
    throw new ApiProblem(
      409,
      `The shop's ${tenantFiles[part.file].file} is not in the shape the build reads, so ${part.title.toLowerCase()} cannot be edited here until it is fixed.`,
    );
  raw.set(part.file, written);
}

/** The files an edit writes, with the edit applied to what is on disk now. */
async function editedFiles(folder: string, edit: ShopEdit): Promise<RawFiles> {
  const keys = new Set<TenantFileKey>(
    shopPartKeys.filter((key) => edit.parts[key] !== undefined).map((key) => partFor(key).file),
  );
  if (edit.prices.length > 0) for (const key of ['productsInfoSsr', 'productDetails'] as const) keys.add(key);
  const raw: RawFiles = new Map();
  for (const key of keys) raw.set(key, await readRaw(folder, key));
  if (edit.prices.length > 0) {
    const menu = withPrices(
      { productsInfoSsr: raw.get('productsInfoSsr'), productDetails: raw.get('productDetails') },
      edit.prices,
    );
    if (!menu)
      throw new ApiProblem(
        409,
        "The shop's menu files are broken, so prices cannot be edited here until they are fixed.",
      );
    raw.set('productsInfoSsr', menu.productsInfoSsr);
    raw.set('productDetails', menu.productDetails);
  }
  for (const key of shopPartKeys) writePart(key, edit.parts, raw);
  return raw;
}

/** Sets one parsed file on the tenant, keyed as the loader keys it. */
function withFile<K extends TenantFileKey>(tenant: Tenant, key: K, raw: unknown, problems: TenantProblem[]): Tenant {
  const result = tenantFiles[key].schema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues)
      problems.push({ file: tenantFiles[key].file, path: jsonPath(issue.path), message: issue.message });
    return tenant;
  }
  return { ...tenant, [key]: result.data };
}

/**
 * The published tenant with this edit, checked by the build's own schemas and cross-checks (the
 * theme's contrast among them) and indexed as the API serves it, with the files to write; a 400
 * naming every problem otherwise.
 */
export async function editedTenant(
  tenantsDir: string,
  tenant: Tenant,
  edit: ShopEdit,
): Promise<{ served: ServedTenant; files: RawFiles }> {
  const files = await editedFiles(join(tenantsDir, tenant.slug), edit);
  const problems: TenantProblem[] = [];
  let edited = tenant;
  for (const [key, raw] of files) edited = withFile(edited, key, raw, problems);
  if (problems.length === 0) problems.push(...crossCheckTenant(edited, join('tenants', tenant.slug)));
  const { served, problems: serving } = problems.length === 0 ? serveTenants([edited]) : { served: [], problems: [] };
  const messages = [...problems.map(formatProblem), ...serving.map((problem) => problem.message)];
  if (messages.length > 0 || !served[0])
    throw new ApiProblem(400, `This change would break the shop: ${messages.join('; ')}`);
  return { served: served[0], files };
}

/** Each file's text as the shop's files are written (two-space JSON and a final newline), by file name. */
export function fileTexts(files: RawFiles): Record<string, string> {
  return Object.fromEntries(
    [...files].map(([key, value]) => [tenantFiles[key].file, `${JSON.stringify(value, null, 2)}\n`]),
  );
}
