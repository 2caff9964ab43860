import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DishPrice } from '../../src/lib/api/staff-contract.ts';
import { withPrices, type MenuFiles } from '../../src/lib/shop/dish-prices.ts';
import { crossCheckTenant } from '../../src/lib/tenant/cross-check.ts';
import { formatProblem, jsonPath, loadTenant, TenantLoadError, type TenantProblem } from '../../src/lib/tenant/load.ts';
import { tenantFiles, type Tenant } from '../../src/lib/tenant/tenant.ts';
import { ApiProblem } from './problems.ts';
import { serveTenants, type ServedTenant } from './tenants.ts';

/**
 * Publishing writes the tenant's own data files (tenants/<slug>/products-info-ssr.json and
 * product-details.json under TENANTS_DIR): they stay the one source of truth, the build and the
 * watcher of `npm start` read nothing else, and the change is a plain diff an operator can commit.
 */

async function readJsonFile(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}

/** The published tenant, read from its folder now (another API process may have published since this one started). */
export async function publishedTenant(tenantsDir: string, slug: string): Promise<Tenant> {
  try {
    return await loadTenant(tenantsDir, slug);
  } catch (error) {
    if (error instanceof TenantLoadError) throw new ApiProblem(409, `The shop's files are broken, so it cannot be edited here until they are fixed: ${error.problems.map(formatProblem).join('; ')}`);
    throw error;
  }
}

/**
 * The published tenant with these prices, checked by the build's own schemas and cross-checks
 * and indexed as the API serves it, with the files to write; a 400 naming every problem otherwise.
 */
export async function tenantWithPrices(tenantsDir: string, tenant: Tenant, prices: readonly DishPrice[]): Promise<{ served: ServedTenant; files: MenuFiles }> {
  const folder = join(tenantsDir, tenant.slug);
  const current: MenuFiles = {
    productsInfoSsr: await readJsonFile(join(folder, tenantFiles.productsInfoSsr.file)),
    productDetails: await readJsonFile(join(folder, tenantFiles.productDetails.file)),
  };
  const files = withPrices(current, prices);
  if (!files) throw new ApiProblem(409, "The shop's menu files are broken, so prices cannot be edited here until they are fixed.");
  const problems: TenantProblem[] = [];
  const ssr = tenantFiles.productsInfoSsr.schema.safeParse(files.productsInfoSsr);
  const details = tenantFiles.productDetails.schema.safeParse(files.productDetails);
  for (const [file, result] of [[tenantFiles.productsInfoSsr.file, ssr], [tenantFiles.productDetails.file, details]] as const) {
    if (!result.success) for (const issue of result.error.issues) problems.push({ file, path: jsonPath(issue.path), message: issue.message });
  }
  if (!ssr.success || !details.success) throw new ApiProblem(400, `These prices would break the menu: ${problems.map(formatProblem).join('; ')}`);
  const edited: Tenant = { ...tenant, productsInfoSsr: ssr.data, productDetails: details.data };
  problems.push(...crossCheckTenant(edited, join('tenants', tenant.slug)));
  const { served, problems: serving } = serveTenants([edited]);
  const messages = [...problems.map(formatProblem), ...serving.map((problem) => problem.message)];
  if (messages.length > 0 || !served[0]) throw new ApiProblem(400, `These prices would break the menu: ${messages.join('; ')}`);
  return { served: served[0], files };
}

/**
 * Writes both files, each whole or not at all: a temporary file beside the tenant folders (a
 * dot name, which the watcher and the build ignore) renamed over the old one on the same disk.
 */
export async function writeMenuFiles(tenantsDir: string, slug: string, files: MenuFiles): Promise<void> {
  for (const [file, value] of [[tenantFiles.productsInfoSsr.file, files.productsInfoSsr], [tenantFiles.productDetails.file, files.productDetails]] as const) {
    const temporary = join(tenantsDir, `.publish-${slug}-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`);
      await rename(temporary, join(tenantsDir, slug, file));
    } finally {
      await rm(temporary, { force: true });
    }
  }
}
