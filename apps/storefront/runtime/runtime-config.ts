import { runtimeConfigSchema, type RuntimeConfig } from '../../../lib/tenant/settings.ts';

let loading: Promise<RuntimeConfig> | undefined;

/**
 * This deployment's API and broker addresses, read once per page from `/runtime-config.json`
 * so one build serves any environment. A malformed file rejects; callers treat it like an
 * unreachable API.
 */
export function runtimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/runtime-config.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
      return response.json();
    })
    .then((json: unknown) => runtimeConfigSchema.parse(json))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
