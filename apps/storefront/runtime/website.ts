/**
 * The retailer website the visitor is on. BaseLayout renders the page's own website on <html>
 * as `data-website`; on pages that switch in place, the head script (lib/site/websites.ts)
 * replaces it with the one `?retailerWebsiteId=` chose. Null off a tenant page.
 */
export function currentWebsiteId(): number | null {
  const value = Number(document.documentElement.dataset['website']);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
