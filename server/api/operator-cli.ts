/** `node server/api/operator-cli.ts <command>`: staff actions against a running API; run without arguments for help. */
import { DEFAULT_OPERATOR_TOKEN } from './operator-contract.ts';
import { operatorRequest, usage, UsageError } from './operator-commands.ts';
import { DEFAULT_API_PORT } from './server.ts';

const apiUrl = (process.env['API_URL'] || `http://localhost:${DEFAULT_API_PORT}`).replace(/\/+$/, '');
const token = process.env['OPERATOR_TOKEN'] || DEFAULT_OPERATOR_TOKEN;

try {
  const { method, path, body } = operatorRequest(process.argv.slice(2));
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
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
