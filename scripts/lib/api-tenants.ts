import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  apiCalls,
  RETAILER_DOMAIN_HEADER,
  RETAILER_WEBSITE_ID_HEADER,
  type ApiCallName,
} from '../../lib/api/contract.ts';
import { jsonPath, TenantLoadError } from '../../lib/tenant/load.ts';
import type { TenantProblem } from '../../lib/tenant/problem.ts';
import { tenantSettingsSchema } from '../../lib/tenant/settings.ts';
import { tenantFiles, type TenantFileKey } from '../../lib/tenant/tenant.ts';

/** The call of the spec's section 7 whose answer each tenant data file holds (product details: one call per product). */
export const fileCalls = {
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

/**
 * What one tenant's API may cost the build. An API is another system: a broken or hostile one could
 * answer without end, never answer, or trickle bytes, and each would hold or sink the build of every
 * tenant. The bounds are far above what a real catalogue needs (the largest sample answer is 62 KB).
 */
export interface ApiLimits {
  /** Bytes of one answer; read as they arrive, so a larger one is cut off, not buffered. */
  maxResponseBytes: number;
  /** Bytes of all of one tenant's answers together (one call per product adds up). */
  maxTenantBytes: number;
  /** Milliseconds one call may take, its answer's body included. */
  callTimeoutMs: number;
  /** Milliseconds all of one tenant's calls may take. */
  tenantTimeoutMs: number;
}

export const DEFAULT_API_LIMITS: ApiLimits = {
  maxResponseBytes: 4 * 1024 * 1024,
  maxTenantBytes: 32 * 1024 * 1024,
  callTimeoutMs: 20_000,
  tenantTimeoutMs: 5 * 60_000,
};

/** Why a call's answer was not read: the API broke a limit or could not be reached. The tenant's other calls are stopped. */
class GaveUp extends Error {}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The answer's text, read chunk by chunk and abandoned as soon as it passes either byte limit. */
async function readBounded(
  response: Response,
  maxBytes: number,
  tenantBytes: { left: number; limit: number },
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new GaveUp(`answer of ${declared} bytes is over the limit of ${maxBytes} bytes per call`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    tenantBytes.left -= value.byteLength;
    if (size > maxBytes || tenantBytes.left < 0) {
      await reader.cancel();
      throw new GaveUp(
        size > maxBytes
          ? `answer is over the limit of ${maxBytes} bytes per call`
          : `answers together are over the limit of ${tenantBytes.limit} bytes per tenant`,
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface ApiTenantOptions {
  apiUrl: string;
  /** tenants/: where tenant.json, pages/ and public/ come from. */
  sourceDir: string;
  /** Where the complete tenant folder is written for the build. */
  targetDir: string;
  slug: string;
  limits?: ApiLimits;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Reads one tenant's data from a live retailer API (the calls of the spec's section 7), checks every
 * answer with the schema the build checks files with, and writes a complete tenant folder: the API's
 * answers in the file shapes, plus tenant.json, pages/ and public/ from the tenants folder. Nothing is
 * written when any answer is missing or wrong; the problems name the call and the field.
 */
export async function fetchTenantFromApi({
  apiUrl,
  sourceDir,
  targetDir,
  slug,
  limits = DEFAULT_API_LIMITS,
}: ApiTenantOptions): Promise<TenantProblem[]> {
  const settingsFile = join('tenants', slug, 'tenant.json');
  const settingsText = await readFile(join(sourceDir, slug, 'tenant.json'), 'utf8').catch(() => undefined);
  const settings = settingsText === undefined ? undefined : tenantSettingsSchema.safeParse(parseJson(settingsText));
  if (!settings?.success)
    return [
      {
        file: settingsFile,
        path: '$',
        message: 'a valid tenant.json is needed to know how to ask the API for this retailer',
      },
    ];
  const headers = {
    [RETAILER_DOMAIN_HEADER]: settings.data.hosts[0] ?? `${slug}.localhost`,
    [RETAILER_WEBSITE_ID_HEADER]: String(settings.data.retailerWebsiteId),
    'content-type': 'application/json',
  };
  const problems: TenantProblem[] = [];
  const tenantBytes = { left: limits.maxTenantBytes, limit: limits.maxTenantBytes };
  // Aborted when one call gives up (the API is broken; the other calls would only wait too) or the tenant's time is up.
  const givingUp = new AbortController();
  const tenantDeadline = AbortSignal.timeout(limits.tenantTimeoutMs);
  const overTime = `the tenant's calls took over ${seconds(limits.tenantTimeoutMs)} altogether`;
  function giveUp(label: string, message: string): undefined {
    givingUp.abort();
    problems.push({ file: label, path: '$', message: `${message}; the tenant's other calls were stopped` });
    return undefined;
  }

  async function call<T extends z.ZodType>(name: ApiCallName, schema: T, body?: unknown): Promise<unknown> {
    const { method, path } = apiCalls[name];
    const label = `${method} ${apiUrl}${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
    const callDeadline = AbortSignal.timeout(limits.callTimeoutMs);
    let answerText: string;
    try {
      if (givingUp.signal.aborted) return undefined;
      if (tenantDeadline.aborted) return giveUp(label, overTime);
      const signal = AbortSignal.any([callDeadline, tenantDeadline, givingUp.signal]);
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        return void problems.push({ file: label, path: '$', message: `answered ${response.status}` });
      }
      answerText = await readBounded(response, limits.maxResponseBytes, tenantBytes);
    } catch (error) {
      if (givingUp.signal.aborted) return undefined;
      if (callDeadline.aborted) return giveUp(label, `no complete answer within ${seconds(limits.callTimeoutMs)}`);
      if (tenantDeadline.aborted) return giveUp(label, overTime);
      if (error instanceof GaveUp) return giveUp(label, error.message);
      return giveUp(
        label,
        `could not reach the API: ${error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)}`,
      );
    }
    const answer = parseJson(answerText);
    const checked = schema.safeParse(answer);
    if (!checked.success)
      for (const issue of checked.error.issues)
        problems.push({ file: label, path: jsonPath(issue.path), message: issue.message });
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
      details.push(
        ...(await Promise.all(
          ids
            .slice(index, index + PARALLEL_PRODUCTS)
            .map((productId) => call('getProduct', apiCalls.getProduct.response, { productId })),
        )),
      );
    }
    files.set(tenantFiles.productDetails.file, details);
  }
  if (problems.length > 0) return problems;

  const next = join(targetDir, `.${slug}-${process.pid}`);
  await rm(next, { recursive: true, force: true });
  await mkdir(next, { recursive: true });
  for (const part of localParts)
    if (await exists(join(sourceDir, slug, part)))
      await cp(join(sourceDir, slug, part), join(next, part), { recursive: true });
  for (const [file, answer] of files) await writeFile(join(next, file), `${JSON.stringify(answer, null, 2)}\n`);
  await rm(join(targetDir, slug), { recursive: true, force: true });
  await rename(next, join(targetDir, slug));
  return [];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Fetches several tenants (a few at a time); those whose answers were wrong, too large or too slow come back as failures. */
export async function fetchTenantsFromApi(
  apiUrl: string,
  sourceDir: string,
  slugs: readonly string[],
  targetDir: string,
  limits: ApiLimits = DEFAULT_API_LIMITS,
): Promise<{ fetched: string[]; failures: TenantLoadError[] }> {
  const fetched: string[] = [];
  const failures: TenantLoadError[] = [];
  const waiting = [...slugs];
  // A few lanes, each taking the next tenant when its last is done, so a slow tenant holds up only its own lane.
  const lane = async () => {
    for (let slug = waiting.shift(); slug !== undefined; slug = waiting.shift()) {
      const problems = await fetchTenantFromApi({ apiUrl, sourceDir, targetDir, slug, limits });
      if (problems.length === 0) fetched.push(slug);
      else failures.push(new TenantLoadError(slug, problems));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TENANTS, slugs.length) }, lane));
  return { fetched: fetched.sort(), failures };
}
