import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { apiCalls, RETAILER_DOMAIN_HEADER, RETAILER_WEBSITE_ID_HEADER, type ApiCallName } from '../../src/lib/api/contract.ts';
import { jsonPath, TenantLoadError, type TenantProblem } from '../../src/lib/tenant/load.ts';
import { tenantSettingsSchema } from '../../src/lib/tenant/settings.ts';
import { tenantFiles, type TenantFileKey } from '../../src/lib/tenant/tenant.ts';

/** The call of the spec's section 7 whose answer each tenant data file holds (product details: one call per product). */
const fileCalls = {
  config: 'getRetailerConfig',
  tradingHours: 'getTradingHours',
  closedDates: 'getClosedDates',
  specials: 'getSpecials',
  popups: 'getPopups',
  customSections: 'getCustomSections',
  deliveryZones: 'getDeliveryZones',
  deliverySuburbs: 'getDeliverySuburbs',
  productsInfoSsr: 'getProductsInfoSsr',
  productsInfo: 'getProductsInfo',
  trending: 'getTrending',
  groupHours: 'getGroupHours',
} as const satisfies Record<Exclude<TenantFileKey, 'settings' | 'productDetails' | 'websites'>, ApiCallName>;

/**
 * Files that are deployment settings or content, not retailer data: they stay in tenants/<slug>/.
 * The other websites' settings too: the API answers one website's config per call, by its id.
 */
const LOCAL_PARTS = ['tenant.json', 'websites.json', 'pages', 'public'];
/** Product detail calls in flight at once, and tenants fetched at once: enough to hide latency, few enough to be polite. */
const PARALLEL_PRODUCTS = 8;
const PARALLEL_TENANTS = 4;

export interface ApiTenantOptions {
  apiUrl: string;
  /** tenants/: where tenant.json, pages/ and public/ come from. */
  sourceDir: string;
  /** Where the complete tenant folder is written for the build. */
  targetDir: string;
  slug: string;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/**
 * Reads one tenant's data from a live retailer API (the calls of the spec's section 7), checks every
 * answer with the schema the build checks files with, and writes a complete tenant folder: the API's
 * answers in the file shapes, plus tenant.json, pages/ and public/ from the tenants folder. Nothing is
 * written when any answer is missing or wrong; the problems name the call and the field.
 */
export async function fetchTenantFromApi({ apiUrl, sourceDir, targetDir, slug }: ApiTenantOptions): Promise<TenantProblem[]> {
  const settingsFile = join('tenants', slug, 'tenant.json');
  const settingsText = await readFile(join(sourceDir, slug, 'tenant.json'), 'utf8').catch(() => undefined);
  const settings = settingsText === undefined ? undefined : tenantSettingsSchema.safeParse(JSON.parse(settingsText));
  if (!settings?.success) return [{ file: settingsFile, path: '$', message: 'a valid tenant.json is needed to know how to ask the API for this retailer' }];
  const headers = {
    [RETAILER_DOMAIN_HEADER]: settings.data.hosts[0] ?? `${slug}.localhost`,
    [RETAILER_WEBSITE_ID_HEADER]: String(settings.data.retailerWebsiteId),
    'content-type': 'application/json',
  };
  const problems: TenantProblem[] = [];

  async function call<T extends z.ZodType>(name: ApiCallName, schema: T, body?: unknown): Promise<unknown> {
    const { method, path } = apiCalls[name];
    const label = `${method} ${apiUrl}${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
    const response = await fetch(`${apiUrl}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) }).catch((error: unknown) => error);
    if (!(response instanceof Response)) return void problems.push({ file: label, path: '$', message: `could not reach the API: ${String(response)}` });
    if (!response.ok) return void problems.push({ file: label, path: '$', message: `answered ${response.status}` });
    const answer: unknown = await response.json().catch(() => undefined);
    const checked = schema.safeParse(answer);
    if (!checked.success) for (const issue of checked.error.issues) problems.push({ file: label, path: jsonPath(issue.path), message: issue.message });
    return answer;
  }

  // An inactive retailer's API answers "Retailer inactive" to every call (spec 4): its redirect page is
  // built from its own retailer-config.json, like its tenant.json.
  const keys = settings.data.active ? (Object.keys(fileCalls) as (keyof typeof fileCalls)[]) : [];
  const localParts = settings.data.active ? LOCAL_PARTS : [...LOCAL_PARTS, tenantFiles.config.file];
  const answers = await Promise.all(keys.map((key) => call(fileCalls[key], tenantFiles[key].schema)));
  const files = new Map<string, unknown>(keys.map((key, index) => [tenantFiles[key].file, answers[index]]));

  const productsSsr = tenantFiles.productsInfoSsr.schema.safeParse(files.get(tenantFiles.productsInfoSsr.file));
  if (settings.data.active && productsSsr.success) {
    const ids = productsSsr.data.products.map((product) => product.productId);
    const details: unknown[] = [];
    for (let index = 0; index < ids.length; index += PARALLEL_PRODUCTS) {
      details.push(...(await Promise.all(ids.slice(index, index + PARALLEL_PRODUCTS).map((productId) => call('getProduct', apiCalls.getProduct.response, { productId })))));
    }
    files.set(tenantFiles.productDetails.file, details);
  }
  if (problems.length > 0) return problems;

  const next = join(targetDir, `.${slug}-${process.pid}`);
  await rm(next, { recursive: true, force: true });
  await mkdir(next, { recursive: true });
  for (const part of localParts) if (await exists(join(sourceDir, slug, part))) await cp(join(sourceDir, slug, part), join(next, part), { recursive: true });
  for (const [file, answer] of files) await writeFile(join(next, file), `${JSON.stringify(answer, null, 2)}\n`);
  await rm(join(targetDir, slug), { recursive: true, force: true });
  await rename(next, join(targetDir, slug));
  return [];
}

/** Fetches several tenants (a few at a time); those whose answers were wrong come back as failures. */
export async function fetchTenantsFromApi(apiUrl: string, sourceDir: string, slugs: readonly string[], targetDir: string): Promise<{ fetched: string[]; failures: TenantLoadError[] }> {
  const fetched: string[] = [];
  const failures: TenantLoadError[] = [];
  for (let index = 0; index < slugs.length; index += PARALLEL_TENANTS) {
    await Promise.all(
      slugs.slice(index, index + PARALLEL_TENANTS).map(async (slug) => {
        const problems = await fetchTenantFromApi({ apiUrl, sourceDir, targetDir, slug });
        if (problems.length === 0) fetched.push(slug);
        else failures.push(new TenantLoadError(slug, problems));
      }),
    );
  }
  return { fetched: fetched.sort(), failures };
}
