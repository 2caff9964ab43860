import { createApiClient, type ApiClient } from '../lib/api/client.ts';
import { $customer } from '../stores/customer.ts';
import { runtimeConfig } from './runtime-config.ts';

let client: Promise<ApiClient> | undefined;

/** The page's one API client: this deployment's API, naming the retailer by the site's own host. */
export function retailerApi(retailerWebsiteId: number): Promise<ApiClient> {
  client ??= runtimeConfig()
    .then((config) => createApiClient({ baseUrl: config.apiBaseUrl, retailerDomain: location.host, retailerWebsiteId, sessionToken: () => $customer.get().sessionToken }))
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}
