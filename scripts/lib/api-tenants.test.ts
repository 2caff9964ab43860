import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/e2e/free-port.ts';
import { startProcess, stopProcess } from '../../tests/e2e/stack.ts';
import { buildReportSchema } from './build-report.ts';

const run = promisify(execFile);

async function command(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, args, {
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

describe('building from the retailer API', () => {
  let work: string;
  let backOffice: string;
  let files: string;
  let apiUrl: string;
  let api: Awaited<ReturnType<typeof startProcess>>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'storefront-api-build-'));
    // The API serves the back office's data; the tenants folder still holds the old files.
    backOffice = join(work, 'back-office');
    files = join(work, 'tenants');
    for (const slug of ['bella-napoli', 'old-mill-pizza']) {
      await cp(join('tenants', slug), join(backOffice, slug), { recursive: true });
      await cp(join('tenants', slug), join(files, slug), { recursive: true });
    }
    const specialsFile = join(backOffice, 'bella-napoli', 'specials.json');
    const specials = JSON.parse(await readFile(specialsFile, 'utf8')) as { name: string }[];
    if (specials[0]) specials[0].name = 'Back-office Tuesday deal';
    await writeFile(specialsFile, JSON.stringify(specials));
    const port = await freePort();
    apiUrl = `http://localhost:${port}`;
    api = await startProcess(['server/api/main.ts'], (output) => output.includes('api:'), {
      API_PORT: String(port),
      TENANTS_DIR: backOffice,
      DATA_DIR: join(work, 'data'),
      BROKER_URL: 'ws://127.0.0.1:9',
    });
  }, 60_000);

  afterAll(async () => {
    await stopProcess(api.child);
    await rm(work, { recursive: true, force: true });
  });

  it("renders the API's data, byte for byte what the same data as files gives", async () => {
    const fromApi = join(work, 'dist-api');
    const fromFiles = join(work, 'dist-files');
    const built = await command(['scripts/build.ts', '--from-api', apiUrl, '--tenants-dir', files, '--out', fromApi]);
    expect(built.code, built.stdout).toBe(0);
    expect(built.stdout).toContain('Built 2 tenant(s)');
    expect(await readFile(join(fromApi, 'bella-napoli', '_payload.json'), 'utf8')).toContain(
      'Back-office Tuesday deal',
    );
    await command(['scripts/build.ts', '--tenants-dir', backOffice, '--out', fromFiles]);
    const hashes = async (out: string) =>
      Object.fromEntries(
        buildReportSchema
          .parse(JSON.parse(await readFile(join(out, 'build-report.json'), 'utf8')))
          .tenants.map((tenant) => [tenant.slug, tenant.contentHash]),
      );
    expect(await hashes(fromApi)).toEqual(await hashes(fromFiles));
  }, 120_000);

  it('is one operator command away: rebuild <slug>', async () => {
    const out = join(work, 'dist-operator');
    const rebuilt = await command(
      ['server/api/operator/operator-cli.ts', 'rebuild', 'bella-napoli', '--tenants-dir', files, '--out', out],
      { API_URL: apiUrl },
    );
    expect(rebuilt.code, rebuilt.stdout).toBe(0);
    expect(rebuilt.stdout).toContain('✓ bella-napoli');
    expect(await readFile(join(out, 'bella-napoli', '_payload.json'), 'utf8')).toContain('Back-office Tuesday deal');
  }, 120_000);

  it('refuses an answer its schema rejects, naming the call and the field, and builds nothing', async () => {
    const out = join(work, 'dist-unknown');
    await cp(join(files, 'bella-napoli'), join(files, 'not-in-the-api'), { recursive: true });
    const tenantFile = join(files, 'not-in-the-api', 'tenant.json');
    const settings = JSON.parse(await readFile(tenantFile, 'utf8')) as { hosts: string[] };
    settings.hosts = ['not-in-the-api.example.com'];
    await writeFile(tenantFile, JSON.stringify(settings));
    const failed = await command([
      'scripts/build.ts',
      '--from-api',
      apiUrl,
      '--tenants-dir',
      files,
      '--tenant',
      'not-in-the-api',
      '--out',
      out,
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/✗ not-in-the-api/);
    expect(failed.stdout).toMatch(/GET http:\/\/localhost:\d+\/api\/get-retailer-config: \$: answered 4\d\d/);
  }, 60_000);
});
