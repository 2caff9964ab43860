import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { startProcess, stopProcess } from './stack.ts';

/** All three parts have said they listen. */
export const stackReady = (output: string) =>
  ['[web] Storefronts on port', '[api] api:', '[broker] broker: MQTT over WebSocket'].every((line) =>
    output.includes(line),
  );

/**
 * Runs the README's start command (`npm start` = scripts/start.ts) on free ports with a
 * throw-away database, so the journeys exercise exactly what a newcomer runs.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-e2e-'));
  // A copy of the sample tenants: publishing from the console rewrites tenant files, never the repository's.
  const tenantsDir = join(dataDir, 'tenants');
  await cp('tenants', tenantsDir, { recursive: true });
  const [web, api, broker] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PORT: String(web),
    API_PORT: String(api),
    BROKER_WS_PORT: String(broker),
    BROKER_TCP_PORT: 'off',
    DATA_DIR: dataDir,
    TENANTS_DIR: tenantsDir,
  };
  const logFile = join(dataDir, 'stack.log');
  const stack = await startProcess(['scripts/start.ts'], stackReady, env, logFile);
  process.env['E2E_STACK_LOG'] = logFile;
  process.env['E2E_PORT'] = String(web);
  process.env['E2E_API_PORT'] = String(api);
  process.env['E2E_BROKER_PORT'] = String(broker);
  return async () => {
    await stopProcess(stack.child);
    await rm(dataDir, { recursive: true, force: true });
  };
}
