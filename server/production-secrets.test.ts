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
function run(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ started: boolean; code: number | null; output: string }> {
  const {
    NODE_ENV: _ignored,
    OPERATOR_TOKEN: _token,
    BROKER_OPERATOR_PASSWORD: _password,
    BROKER_STAFF_SECRET: _staff,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: {
      ...inherited,
      API_PORT: '0',
      BROKER_WS_PORT: '0',
      BROKER_TCP_PORT: 'off',
      DATA_DIR: dataDir,
      TENANTS_DIR: join(root, 'server/api/tests/fixtures/tenants'),
      ...env,
    },
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

const noToken = [
  'no OPERATOR_TOKEN',
  { BROKER_OPERATOR_PASSWORD: STRONG, BROKER_STAFF_SECRET: STRONG },
  'OPERATOR_TOKEN must be set',
] as const;
const noPassword = [
  'no BROKER_OPERATOR_PASSWORD',
  { OPERATOR_TOKEN: STRONG, BROKER_STAFF_SECRET: STRONG },
  'BROKER_OPERATOR_PASSWORD must be set',
] as const;
const noStaffSecret = [
  'no BROKER_STAFF_SECRET',
  { OPERATOR_TOKEN: STRONG, BROKER_OPERATOR_PASSWORD: STRONG },
  'BROKER_STAFF_SECRET must be set',
] as const;
const defaults = [
  'the development default',
  { OPERATOR_TOKEN: 'dev-operator', BROKER_OPERATOR_PASSWORD: 'dev-operator', BROKER_STAFF_SECRET: 'dev-operator' },
  'not the development default',
] as const;

// The API needs all three (it publishes to the broker as operator and hands out staff broker logins); the broker its two.
describe.each([
  ['the API', 'server/api/main.ts', /api: \d+ retailer\(s\) on/, [noToken, noPassword, noStaffSecret, defaults]],
  ['the broker', 'server/broker/main.ts', /broker: MQTT over WebSocket on/, [noPassword, noStaffSecret, defaults]],
])('%s in production', (_name, script, ready, refusals) => {
  it.each(refusals)('refuses to start with %s', async (_case, secrets, message) => {
    const result = await run(script, { NODE_ENV: 'production', ...secrets }, ready);
    expect(result.started, result.output).toBe(false);
    expect(result.code).toBe(1);
    expect(result.output).toContain(message);
  });

  it('starts with secrets of its own', async () => {
    const result = await run(
      script,
      {
        NODE_ENV: 'production',
        OPERATOR_TOKEN: STRONG,
        BROKER_OPERATOR_PASSWORD: `${STRONG}-broker`,
        BROKER_STAFF_SECRET: `${STRONG}-staff`,
      },
      ready,
    );
    expect(result.started, result.output).toBe(true);
    expect(result.output).not.toContain('development default');
  });

  it('in development starts with the default and says so', async () => {
    const result = await run(script, {}, ready);
    expect(result.started, result.output).toBe(true);
    expect(result.output).toContain('is not set: using the development default "dev-operator"');
  });
});

// `npm start` asks its API for the README's sample staff accounts (API_SAMPLE_STAFF=1); their passwords are published.
describe('the sample staff accounts', () => {
  const api = (env: Record<string, string>) =>
    run('server/api/main.ts', { API_SAMPLE_STAFF: '1', ...env }, /api: \d+ retailer\(s\) on/);

  it('are added by a development API with the development secrets', async () => {
    const result = await api({});
    expect(result.started, result.output).toBe(true);
    expect(result.output).toMatch(
      /api staff: sample accounts owner@<slug>\.test \/ <slug>-owner and kitchen@<slug>\.test \/ <slug>-kitchen for each retailer \(\d+ added\)/,
    );
  });

  it.each([
    [
      'in production',
      { NODE_ENV: 'production', OPERATOR_TOKEN: STRONG, BROKER_OPERATOR_PASSWORD: STRONG, BROKER_STAFF_SECRET: STRONG },
      'sample staff accounts not added: NODE_ENV=production',
    ],
    [
      'with secrets of its own',
      { OPERATOR_TOKEN: STRONG },
      'sample staff accounts not added: secrets of its own are set',
    ],
  ])('are never added %s', async (_name, env, message) => {
    const result = await api(env);
    expect(result.started, result.output).toBe(true);
    expect(result.output).toContain(message);
    expect(result.output).not.toContain('api staff:');
  });
});
