import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, stopProcess } from '../../tests/e2e/stack.ts';

const liveLines = (output: string, slug: string) =>
  output.split('\n').filter((line) => line.startsWith(`✓ ${slug} live`)).length;

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('npm run watch', () => {
  let work: string;
  let tenantsDir: string;
  let outDir: string;
  let watcher: Awaited<ReturnType<typeof startProcess>>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'storefront-watch-'));
    tenantsDir = join(work, 'tenants');
    outDir = join(work, 'dist');
    for (const slug of ['bella-napoli', 'crust-and-co'])
      await cp(join('tenants', slug), join(tenantsDir, slug), { recursive: true });
    watcher = await startProcess(['scripts/watch.ts', '--tenants-dir', tenantsDir, '--out', outDir], (output) =>
      output.includes('Watching'),
    );
  }, 180_000);

  afterAll(async () => {
    await stopProcess(watcher.child);
    await rm(work, { recursive: true, force: true });
  });

  it('rebuilds a saved tenant alone 20 times while a reader never sees a missing or partial page', async () => {
    const page = join(outDir, 'bella-napoli', 'index.html');
    const crust = await readFile(join(outDir, 'crust-and-co', 'builds', 'latest.json'), 'utf8');
    const specialsFile = join(tenantsDir, 'bella-napoli', 'specials.json');
    const specials = JSON.parse(await readFile(specialsFile, 'utf8')) as { name: string }[];
    let reading = true;
    let reads = 0;
    const problems: string[] = [];
    const reader = (async () => {
      while (reading) {
        const html = await readFile(page, 'utf8').catch((error: NodeJS.ErrnoException) => `missing: ${error.code}`);
        reads += 1;
        if (!html.startsWith('<!DOCTYPE html>') || !html.trimEnd().endsWith('</html>'))
          problems.push(html.slice(0, 80));
      }
    })();
    for (let round = 1; round <= 20; round += 1) {
      const before = liveLines(watcher.output(), 'bella-napoli');
      if (specials[0]) specials[0].name = `Round ${round} special`;
      await writeFile(specialsFile, JSON.stringify(specials));
      await until(() => liveLines(watcher.output(), 'bella-napoli') > before, 30_000, `rebuild ${round}`);
    }
    reading = false;
    await reader;
    expect(problems).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect(await readFile(join(outDir, 'bella-napoli', '_payload.json'), 'utf8')).toContain('Round 20 special');
    expect(await readFile(join(outDir, 'crust-and-co', 'builds', 'latest.json'), 'utf8')).toBe(crust);
    expect(watcher.output()).toMatch(/✓ bella-napoli live \(build [^)]+\) \d+ ms after the save/);
  }, 240_000);

  it('keeps the last good site online when an edit breaks the tenant, and says which file and field', async () => {
    const page = join(outDir, 'crust-and-co', 'index.html');
    const before = await readFile(page, 'utf8');
    const config = join(tenantsDir, 'crust-and-co', 'retailer-config.json');
    const good = await readFile(config, 'utf8');
    await writeFile(config, good.replace(/"primary":\s*"#[0-9a-fA-F]{6}"/, '"primary": "red"'));
    await until(() => watcher.output().includes('✗ crust-and-co'), 30_000, 'the failure');
    await until(
      () => /retailer-config\.json: \$\.retailerCSS\.primary/.test(watcher.output()),
      5_000,
      'the problem line',
    );
    expect(await readFile(page, 'utf8')).toBe(before);
    // Undoing the edit brings back exactly what is online, so there is nothing to rebuild.
    await writeFile(config, good);
    await until(() => watcher.output().includes('= crust-and-co unchanged'), 30_000, 'the undo');
    expect(await readFile(page, 'utf8')).toBe(before);
  }, 120_000);
});
