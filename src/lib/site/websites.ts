import { websiteConfig, type RetailerCss, type Tenant } from '../tenant/index.ts';

/** Query parameter of spec section 2 that picks one of a retailer's websites. */
export const WEBSITE_PARAM = 'retailerWebsiteId';

/**
 * What changes on the page when a visitor arrives with `?retailerWebsiteId=` of another of the
 * retailer's websites. Pages are prerendered for the default website; these switch in the
 * browser before the first paint (see websiteScript and themeStyle).
 */
export interface WebsiteVariant {
  retailerWebsiteId: number;
  title: string;
  /** null: the default website's. */
  css: RetailerCss | null;
  links: { label: string; url: string }[] | null;
}

export function websiteVariants(tenant: Pick<Tenant, 'config' | 'websites'>): WebsiteVariant[] {
  return tenant.websites.map((website) => {
    const config = websiteConfig(tenant.config, tenant.websites, website.retailerWebsiteId);
    return { retailerWebsiteId: website.retailerWebsiteId, title: config.retailerSEO.title, css: website.retailerCSS ?? null, links: website.retailerWebsiteLinks ?? null };
  });
}

/** JSON safe inside an inline <script>: no `</script>` or `<!--` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The inline head script that picks the website: `?retailerWebsiteId=` of a known website is
 * remembered for the visit (links within the site do not carry it); any other value, the default
 * website's own id included, goes back to the default. The choice is `data-website` on <html>,
 * which the theme and link rules follow, and the SEO title of the page.
 */
export function websiteScript(defaultTitle: string, variants: readonly WebsiteVariant[]): string | null {
  if (variants.length === 0) return null;
  const titles = Object.fromEntries(variants.map((variant) => [String(variant.retailerWebsiteId), variant.title]));
  return `(function () {
  var titles = ${scriptJson(titles)};
  var key = ${scriptJson(WEBSITE_PARAM)};
  var known = function (value) { return value !== null && Object.prototype.hasOwnProperty.call(titles, value); };
  var chosen = null;
  try {
    var asked = new URLSearchParams(location.search).get(key);
    if (asked !== null) {
      chosen = known(asked) ? asked : null;
      if (chosen) sessionStorage.setItem(key, chosen); else sessionStorage.removeItem(key);
    } else if (known(sessionStorage.getItem(key))) {
      chosen = sessionStorage.getItem(key);
    }
  } catch (error) { /* storage blocked: only the address decides */ }
  if (!chosen) return;
  document.documentElement.setAttribute('data-website', chosen);
  document.title = document.title.replace(${scriptJson(defaultTitle)}, titles[chosen]);
})();`;
}

/** Footer links of the chosen website: its own list replaces the default's, only while it is chosen. */
export function websiteLinkStyle(variants: readonly WebsiteVariant[]): string {
  const withLinks = variants.filter((variant) => variant.links !== null);
  if (withLinks.length === 0) return '';
  return [
    '[data-website-links]:not([data-website-links="default"]){display:none}',
    ...withLinks.map(({ retailerWebsiteId: id }) => `[data-website="${id}"] [data-website-links="default"]{display:none}[data-website="${id}"] [data-website-links="${id}"]{display:list-item}`),
  ].join('');
}
