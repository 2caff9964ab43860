import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The API and broker as deployed: their own processes, NODE_ENV=production, secrets only from the environment. */

const root = fileURLToPath(new URL('..', import.meta.url));
const STRONG = 'Jx8vQ2mLp7RtZ4wN9cKs';
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'production-secrets-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs a server until it exits or prints `ready`; a started one is stopped again. */
function run(script: string, env: Record<string, string>, ready: RegExp): Promise<{ started: boolean; code: number | null; output: string }> {
  const { NODE_ENV: _ignored, OPERATOR_TOKEN: _token, BROKER_OPERATOR_PASSWORD: _password, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...inherited, API_PORT: '0', BROKER_WS_PORT: '0', BROKER_TCP_PORT: 'off', DATA_DIR: dataDir, TENANTS_DIR: join(root, 'server/api/fixtures/tenants'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!started && ready.test(output)) {
        started = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ started, code, output }));
  });
}

const noToken = ['no OPERATOR_TOKEN', { BROKER_OPERATOR_PASSWORD: STRONG }, 'OPERATOR_TOKEN must be set'] as const;
const noPassword = ['no BROKER_OPERATOR_PASSWORD', { OPERATOR_TOKEN: STRONG }, 'BROKER_OPERATOR_PASSWORD must be set'] as const;
const defaults = ['the development default', { OPERATOR_TOKEN: 'dev-operator', BROKER_OPERATOR_PASSWORD: 'dev-operator' }, 'not the development default'] as const;

// The API needs both secrets (it publishes to the broker as operator); the broker only its password.
describe.each([
  ['the API', 'server/api/main.ts', /api: \d+ retailer\(s\) on/, [noToken, noPassword, defaults]],
  ['the broker', 'server/broker/main.ts', /broker: MQTT over WebSocket on/, [noPassword, defaults]],
])('%s in production', (_name, script, ready, refusals) => {
  it.each(refusals)('refuses to start with %s', async (_case, secrets, message) => {
    const result = await run(script, { NODE_ENV: 'production', ...secrets }, ready);
    expect(result.started, result.output).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output).toContain(message);
  });

  it('starts with secrets of its own', async () => {
    const result = await run(script, { NODE_ENV: 'production', OPERATOR_TOKEN: STRONG, BROKER_OPERATOR_PASSWORD: `${STRONG}-broker` }, ready);
    expect(result.started, result.output).toBe(true);
    expect(result.output).not.toContain('development default');
  });

  it('in development starts with the default and says so', async () => {
    const result = await run(script, {}, ready);
    expect(result.started, result.output).toBe(true);
    expect(result.output).toContain('is not set: using the development default "dev-operator"');
  });
});
