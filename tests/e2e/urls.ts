/** A port the global setup's stack listens on: the static server, its API, its broker's WebSocket. */
export function stackPort(name: 'E2E_PORT' | 'E2E_API_PORT' | 'E2E_BROKER_PORT'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the global setup did not start the stack`);
  return value;
}

/** The URL of a path on a tenant's local host, served by the e2e stack. */
export function tenantUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${stackPort('E2E_PORT')}${path}`;
}

/** The staff console's origin on the e2e stack. */
export function consoleOrigin(): string {
  return `http://console.localhost:${stackPort('E2E_PORT')}`;
}

/** The staff console's address on the e2e stack, with a section's hash (`#live`) when given. */
export function consoleUrl(hash = ''): string {
  return `${consoleOrigin()}/${hash}`;
}

/** A path of the e2e stack's API (the one `npm start` runs), e.g. `/staff/sign-in`. */
export function stackApiUrl(path = ''): string {
  return `http://localhost:${stackPort('E2E_API_PORT')}${path}`;
}
