/** The URL of a path on a tenant's local host, served by the e2e stack. */
export function tenantUrl(slug: string, path = '/'): string {
  const port = process.env['E2E_PORT'];
  if (!port) throw new Error('E2E_PORT is not set: the global setup did not start the static server');
  return `http://${slug}.localhost:${port}${path}`;
}
