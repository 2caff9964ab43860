import { createApiClient, inactiveRetailerDestination, type ApiClient, type ApiError } from '../lib/api/client.ts';
import { $customer } from '../stores/customer.ts';
import { runtimeConfig } from './runtime-config.ts';

let client: Promise<ApiClient> | undefined;
let announceClient: (api: ApiClient) => void = () => undefined;
const firstClient = new Promise<ApiClient>((resolve) => (announceClient = resolve));

/** Spec section 8: "Retailer inactive" from any call sends the visitor to the retailer's external site. */
function leaveIfRetailerInactive(error: ApiError): void {
  const destination = inactiveRetailerDestination(error);
  if (destination) location.replace(destination);
}

/** The page's one API client: this deployment's API, naming the retailer by the site's own host. */
export function retailerApi(retailerWebsiteId: number): Promise<ApiClient> {
  client ??= runtimeConfig()
    .then((config) => {
      const api = createApiClient({ baseUrl: config.apiBaseUrl, retailerDomain: location.host, retailerWebsiteId, onFailure: leaveIfRetailerInactive, sessionToken: () => $customer.get().sessionToken });
      announceClient(api);
      return api;
    })
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}

/** The same client for code that does not know the website id (stores): ready once the page's services have created it. */
export function pageRetailerApi(): Promise<ApiClient> {
  return client ?? firstClient;
}
