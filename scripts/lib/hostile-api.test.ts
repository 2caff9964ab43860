import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, RETAILER_DOMAIN_HEADER } from '../../lib/api/contract.ts';
import { formatProblem } from '../../lib/tenant/load.ts';
import { tenantFiles } from '../../lib/tenant/tenant.ts';
import { fetchTenantsFromApi, fileCalls, type ApiLimits } from './api-tenants.ts';

/**
 * `npm run build -- --from-api` against an API that misbehaves for some retailers: each of them must
 * fail fast with the call named, while the well-behaved retailer is still fetched for the build.
 */

const FIXTURE = 'lib/tenant/fixtures/corner-slice';
const LIMITS: ApiLimits = {
  maxResponseBytes: 256 * 1024,
  maxTenantBytes: 1024 * 1024,
  callTimeoutMs: 2_000,
  tenantTimeoutMs: 10_000,
};
const TWENTY_MB = 20 * 1024 * 1024;
const CONFIG_PATH = apiCalls.getRetailerConfig.path;

type Behaviour = (
  request: IncomingMessage,
  response: ServerResponse,
  answer: () => Promise<unknown>,
) => void | Promise<void>;

function json(response: ServerResponse, value: unknown, declareLength = true): void {
  const text = JSON.stringify(value);
  response
    .writeHead(200, {
      'content-type': 'application/json',
      ...(declareLength ? { 'content-length': Buffer.byteLength(text) } : {}),
    })
    .end(text);
}
const onConfig =
  (misbehave: Behaviour): Behaviour =>
  async (request, response, answer) => {
    if (request.url === CONFIG_PATH) return misbehave(request, response, answer);
    json(response, await answer());
  };
const withSeoDescription = (description: string, declareLength = true): Behaviour =>
  onConfig(async (_request, response, answer) => {
    const config = (await answer()) as { retailerSEO: Record<string, string> };
    json(response, { ...config, retailerSEO: { ...config.retailerSEO, description } }, declareLength);
  });

/** What the API does for each retailer (keyed by slug, which is also its host's first label). */
const behaviours: Record<string, Behaviour> = {
  good: async (_request, response, answer) => json(response, await answer()),
  // 20 MB in one field, sent without a length: only reading it as it arrives can stop it in time.
  'huge-answer': withSeoDescription('x'.repeat(TWENTY_MB), false),
  'long-field': withSeoDescription('x'.repeat(5_000)),
  silent: onConfig(() => undefined),
  endless: onConfig((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = `${'{"a":1},'.repeat(1024)}`;
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', pump);
    };
    response.write('[');
    pump();
  }),
  // Every answer complete and in time, but slow: only the limit on all of a tenant's calls stops it.
  slow: async (_request, response, answer) => {
    const value = await answer();
    setTimeout(() => json(response, value), 200);
  },
  trickle: onConfig((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => response.write(' '), 20);
    response.once('close', () => clearInterval(timer));
  }),
};

let work: string;
let server: Server;
let apiUrl: string;

async function fixtureAnswer(path: string, body: string): Promise<unknown> {
  const read = async (file: string) => JSON.parse(await readFile(join(FIXTURE, file), 'utf8')) as unknown;
  if (path === apiCalls.getProduct.path) {
    const { productId } = JSON.parse(body) as { productId: number };
    const details = (await read(tenantFiles.productDetails.file)) as { productId: number }[];
    return details.find((detail) => detail.productId === productId);
  }
  const key = (Object.keys(fileCalls) as (keyof typeof fileCalls)[]).find(
    (candidate) => apiCalls[fileCalls[candidate]].path === path,
  );
  return key === undefined ? undefined : read(tenantFiles[key].file);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'storefront-hostile-api-'));
  for (const slug of Object.keys(behaviours)) {
    await cp(FIXTURE, join(work, 'tenants', slug), { recursive: true });
    const settingsFile = join(work, 'tenants', slug, 'tenant.json');
    const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
    await writeFile(settingsFile, JSON.stringify({ ...settings, hosts: [`${slug}.test`] }));
  }
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      response.on('error', () => undefined);
      const slug = String(request.headers[RETAILER_DOMAIN_HEADER]).replace(/\.test$/, '');
      const behaviour = behaviours[slug];
      if (!behaviour) return void response.writeHead(404).end();
      void behaviour(request, response, () => fixtureAnswer(request.url ?? '', body));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

describe('building from an API that misbehaves for some retailers', () => {
  it('fails each of those retailers with the call and the reason, and still fetches the good one', async () => {
    const target = join(work, 'fetched');
    const slugs = Object.keys(behaviours).filter((slug) => slug !== 'slow');
    const { fetched, failures } = await fetchTenantsFromApi(apiUrl, join(work, 'tenants'), slugs, target, LIMITS);

    expect(fetched).toEqual(['good']);
    expect(JSON.parse(await readFile(join(target, 'good', tenantFiles.config.file), 'utf8'))).toMatchObject({
      retailerSEO: { title: 'Corner Slice' },
    });
    const reasons = Object.fromEntries(failures.map((failure) => [failure.slug, failure.problems.map(formatProblem)]));
    const config = `GET ${apiUrl}${CONFIG_PATH}: $`;
    expect(reasons).toEqual({
      'huge-answer': [
        `${config}: answer is over the limit of ${LIMITS.maxResponseBytes} bytes per call; the tenant's other calls were stopped`,
      ],
      'long-field': [`${config}.retailerSEO.description: expected at most 1000 characters`],
      silent: [`${config}: no complete answer within 2 s; the tenant's other calls were stopped`],
      endless: [
        `${config}: answer is over the limit of ${LIMITS.maxResponseBytes} bytes per call; the tenant's other calls were stopped`,
      ],
      trickle: [`${config}: no complete answer within 2 s; the tenant's other calls were stopped`],
    });
    expect(failures.map((failure) => failure.message).join('\n')).toContain('tenant "silent" is invalid');
  }, 15_000);

  it('stops a retailer whose answers together pass the limit per tenant, though each one is small', async () => {
    const { fetched, failures } = await fetchTenantsFromApi(
      apiUrl,
      join(work, 'tenants'),
      ['good'],
      join(work, 'budget'),
      { ...LIMITS, maxTenantBytes: 2048 },
    );
    expect(fetched).toEqual([]);
    expect(failures[0]?.problems.map((problem) => problem.message)).toEqual([
      "answers together are over the limit of 2048 bytes per tenant; the tenant's other calls were stopped",
    ]);
  });

  it('stops a retailer whose calls each answer in time but together take too long', async () => {
    const { fetched, failures } = await fetchTenantsFromApi(
      apiUrl,
      join(work, 'tenants'),
      ['slow'],
      join(work, 'slow'),
      { ...LIMITS, callTimeoutMs: 5_000, tenantTimeoutMs: 300 },
    );
    expect(fetched).toEqual([]);
    expect(failures[0]?.problems.map((problem) => problem.message)).toEqual([
      "the tenant's calls took over 0.3 s altogether; the tenant's other calls were stopped",
    ]);
  });

  it('names a declared length over the limit without reading the answer', async () => {
    const limits = { ...LIMITS, maxResponseBytes: 64 };
    const { failures } = await fetchTenantsFromApi(
      apiUrl,
      join(work, 'tenants'),
      ['good'],
      join(work, 'declared'),
      limits,
    );
    expect(failures[0]?.problems).toEqual([
      {
        file: expect.stringMatching(/^(GET|POST) /),
        path: '$',
        message: expect.stringMatching(
          /^answer of \d+ bytes is over the limit of 64 bytes per call; the tenant's other calls were stopped$/,
        ),
      },
    ]);
  });
});
