import { apiCalls, RETAILER_WEBSITE_ID_HEADER } from '../../../lib/api/contract.ts';
import { websiteConfig } from '../../../lib/tenant/index.ts';
import { clockStatusOf } from '../services/clock.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp } from '../env.ts';
import { ApiProblem, readBody } from '../services/problems.ts';

/** The read-only calls: each answers the tenant's file of the same shape, except the clock, which is worked out live. */
export function catalogueRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants } = deps;
  // The header was checked by requireRetailer: absent, the default website, or one of websites.json.
  serveCall(app, tenants, 'getRetailerConfig', (c, { tenant }) =>
    websiteConfig(tenant.config, tenant.websites, Number(c.req.header(RETAILER_WEBSITE_ID_HEADER))),
  );
  serveCall(app, tenants, 'getClockStatus', (_c, served) => clockStatusOf(deps, served, deps.now()));
  serveCall(app, tenants, 'getTradingHours', (_c, { tenant }) => tenant.tradingHours);
  serveCall(app, tenants, 'getPopups', (_c, { tenant }) => tenant.popups);
  serveCall(app, tenants, 'getClosedDates', (_c, { tenant }) => tenant.closedDates);
  serveCall(app, tenants, 'getSpecials', (_c, { tenant }) => tenant.specials);
  serveCall(app, tenants, 'getCustomSections', (_c, { tenant }) => tenant.customSections);
  serveCall(app, tenants, 'getDeliveryZones', (_c, { tenant }) => tenant.deliveryZones);
  serveCall(app, tenants, 'getDeliverySuburbs', (_c, { tenant }) => tenant.deliverySuburbs);
  serveCall(app, tenants, 'getProductsInfoSsr', (_c, { tenant }) => tenant.productsInfoSsr);
  serveCall(app, tenants, 'getProductsInfo', (_c, { tenant }) => tenant.productsInfo);
  serveCall(app, tenants, 'getTrending', (_c, { tenant }) => tenant.trending);
  serveCall(app, tenants, 'getGroupHours', (_c, { tenant }) => tenant.groupHours);
  serveCall(app, tenants, 'getProduct', async (c, { tenant }) => {
    const { productId } = await readBody(c, apiCalls.getProduct.body);
    const detail = tenant.productDetails.find((candidate) => candidate.productId === productId);
    if (!detail) throw new ApiProblem(404, `Product ${productId} not found`);
    return detail;
  });
}
