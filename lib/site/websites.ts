import { websiteConfig, type RetailerCss, type Tenant } from '../tenant/index.ts';
import { scriptJson } from './script-json.ts';

/** Query parameter of spec section 2 that picks one of a retailer's websites. */
export const WEBSITE_PARAM = 'retailerWebsiteId';

/**
 * What changes on the page when a visitor arrives with `?retailerWebsiteId=` of another of the
 * retailer's websites. Its home is prerendered on its own (websiteHomePath); the other pages are
 * prerendered for the default website and switch these in the browser before the first paint
 * (see websiteScript and themeStyle).
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
    return {
      retailerWebsiteId: website.retailerWebsiteId,
      title: config.retailerSEO.title,
      css: website.retailerCSS ?? null,
      links: website.retailerWebsiteLinks ?? null,
    };
  });
}

/** Each other website's home page, prerendered with its own layout, theme and SEO. */
export function websiteHomePath(retailerWebsiteId: number): string {
  return `/website/${retailerWebsiteId}`;
}

/** Each other website's favicon, beside its home: the build writes the retailer's own there, or its initial in that website's colours. */
export function websiteFaviconFile(retailerWebsiteId: number): string {
  return `${websiteHomePath(retailerWebsiteId).slice(1)}/favicon.svg`;
}

export interface WebsiteChoice {
  defaultWebsiteId: number;
  defaultTitle: string;
  variants: readonly WebsiteVariant[];
  /** The website whose home this page is; null on the other pages, which switch in place. */
  home: number | null;
}

/**
 * The inline head script that picks the website: `?retailerWebsiteId=` of a known website is
 * remembered for the visit (links within the site do not carry it), and so is opening another
 * website's home; any other value, the default website's own id included, goes back to the
 * default. A home page of another website than the chosen one hands over to the chosen one's
 * home before anything paints. Other pages are prerendered for the default website and switch in
 * place: `data-website` on <html>, which the theme and link rules follow, and the SEO title.
 */
export function websiteScript({ defaultWebsiteId, defaultTitle, variants, home }: WebsiteChoice): WebsiteScript | null {
  if (variants.length === 0) return null;
  const homes = Object.fromEntries([
    [String(defaultWebsiteId), '/'],
    ...variants.map((variant) => [String(variant.retailerWebsiteId), websiteHomePath(variant.retailerWebsiteId)]),
  ]);
  const titles = Object.fromEntries(variants.map((variant) => [String(variant.retailerWebsiteId), variant.title]));
  const data: WebsiteScriptData = {
    homes,
    fallback: String(defaultWebsiteId),
    home: home === null ? null : String(home),
    defaultTitle,
    titles,
  };
  return { code: WEBSITE_SCRIPT, data: JSON.stringify(data) };
}

interface WebsiteScriptData {
  homes: Record<string, string>;
  fallback: string;
  home: string | null;
  defaultTitle: string;
  titles: Record<string, string>;
}

/** The script's text, the same on every page of every shop, and its retailer's websites for its `data-websites` attribute. */
export interface WebsiteScript {
  code: string;
  data: string;
}

// The shop's websites ride in the element's attribute, not in the text: the text stays one constant whose
// hash the Content-Security-Policy allows (scripts/lib/content-security-policy.ts).
const WEBSITE_SCRIPT = `(function () {
  var data = JSON.parse(document.currentScript.getAttribute('data-websites'));
  var homes = data.homes;
  var fallback = data.fallback;
  var home = data.home;
  var key = ${scriptJson(WEBSITE_PARAM)};
  var known = function (value) { return value !== null && Object.prototype.hasOwnProperty.call(homes, value); };
  var params = new URLSearchParams(location.search);
  var asked = params.get(key);
  var saved = null;
  try { saved = sessionStorage.getItem(key); } catch (error) { /* storage blocked: only the address decides */ }
  var chosen = asked !== null ? (known(asked) ? asked : fallback) : home !== null && home !== fallback ? home : known(saved) ? saved : fallback;
  try {
    if (chosen === fallback) sessionStorage.removeItem(key); else sessionStorage.setItem(key, chosen);
  } catch (error) { /* the choice lasts for this page only */ }
  if (home !== null) {
    if (chosen === home) return;
    params.delete(key);
    var query = params.toString();
    location.replace(homes[chosen] + (query ? '?' + query : '') + location.hash);
    return;
  }
  if (chosen === fallback) return;
  document.documentElement.setAttribute('data-website', chosen);
  document.title = document.title.replace(data.defaultTitle, data.titles[chosen]);
})();`;

/** The theme of each website a page shows, by id: its own, and those of the websites it switches to in place. */
export function websiteThemes(
  retailerWebsiteId: number,
  css: RetailerCss,
  inPlace: readonly WebsiteVariant[],
): Record<string, RetailerCss> {
  return Object.fromEntries([
    [String(retailerWebsiteId), css],
    ...inPlace.map((website) => [String(website.retailerWebsiteId), website.css ?? css]),
  ]);
}

/** Footer links of the chosen website: its own list replaces the default's, only while it is chosen. */
export function websiteLinkStyle(variants: readonly WebsiteVariant[]): string {
  const withLinks = variants.filter((variant) => variant.links !== null);
  if (withLinks.length === 0) return '';
  return [
    '[data-website-links]:not([data-website-links="default"]){display:none}',
    ...withLinks.map(
      ({ retailerWebsiteId: id }) =>
        `[data-website="${id}"] [data-website-links="default"]{display:none}[data-website="${id}"] [data-website-links="${id}"]{display:list-item}`,
    ),
  ].join('');
}
