import {
  createApiClient,
  inactiveRetailerDestination,
  type ApiClient,
  type ApiError,
} from '../../../lib/api/client.ts';
import { $customer } from '../stores/customer.ts';
import { runtimeConfig } from './runtime-config.ts';
import { currentWebsiteId } from './website.ts';

let client: Promise<ApiClient> | undefined;

/** Spec section 8: "Retailer inactive" from any call sends the visitor to the retailer's external site. */
function leaveIfRetailerInactive(error: ApiError): void {
  const destination = inactiveRetailerDestination(error);
  if (destination) location.replace(destination);
}

/** The page's one API client: this deployment's API, naming the retailer by the site's own host and the website the visitor is on. */
export function retailerApi(): Promise<ApiClient> {
  client ??= runtimeConfig()
    .then((config) =>
      createApiClient({
        baseUrl: config.apiBaseUrl,
        retailerDomain: location.host,
        retailerWebsiteId: currentWebsiteId(),
        onFailure: leaveIfRetailerInactive,
        sessionToken: () => $customer.get().sessionToken,
      }),
    )
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}
