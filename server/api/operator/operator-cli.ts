/** `npm run operator -- <command>` (node server/api/operator/operator-cli.ts): staff actions against a running API; run without arguments for help. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_OPERATOR_TOKEN } from './operator-contract.ts';
import { operatorRequest, usage, UsageError } from './operator-commands.ts';
import { DEFAULT_API_PORT } from '../server.ts';

const apiUrl = (process.env['API_URL'] || `http://localhost:${DEFAULT_API_PORT}`).replace(/\/+$/, '');
const token = process.env['OPERATOR_TOKEN'] || DEFAULT_OPERATOR_TOKEN;

const [command, ...rest] = process.argv.slice(2);
if (command === 'rebuild') {
  const [slug, ...buildFlags] = rest;
  if (
    !slug ||
    slug.startsWith('-') ||
    !buildFlags.every((flag, index) => index % 2 === 1 || flag === '--out' || flag === '--tenants-dir')
  ) {
    console.error(`rebuild expects <slug> [--tenants-dir <dir>] [--out <dir>]\n\n${usage}`);
    process.exit(2);
  }
  // A back-office change is one command away from the static site: this checkout's build reads the
  // retailer's data from the API this CLI talks to and publishes dist/<slug>/.
  const build = spawnSync(
    process.execPath,
    ['scripts/build.ts', '--from-api', apiUrl, '--tenant', slug, ...buildFlags],
    { cwd: join(import.meta.dirname, '..', '..', '..'), stdio: 'inherit' },
  );
  process.exit(build.status ?? 1);
}

/** The first line of standard input: typed at a prompt, or piped (`echo "$PASSWORD" | npm run operator -- staff add …`). */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  throw new UsageError('staff add reads the password from standard input, and got none');
}

try {
  const request = operatorRequest(process.argv.slice(2));
  const { method, path } = request;
  const body = request.passwordFromStdin ? { ...request.body, password: await passwordFromStdin() } : request.body;
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  console.log(text);
  if (!response.ok) process.exitCode = 1;
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exitCode = 2;
  } else {
    console.error(`operator: ${apiUrl} could not be reached: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
