import { execFileSync } from 'node:child_process';
import { startProcess, stopProcess } from './stack.ts';

const DIST = '.build/e2e-dist';

/** Builds the sample tenants once and serves them on a free port for every test. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/build.ts', '--incremental', '--out', DIST], { stdio: 'inherit' });
  const web = await startProcess(['scripts/serve.ts', '--port', '0', '--dist', DIST, '--quiet'], /Storefronts on port (\d+)/);
  process.env['E2E_PORT'] = web.match[1];
  return async () => {
    await stopProcess(web.child);
  };
}
