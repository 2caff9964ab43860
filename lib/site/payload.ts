import { describeSpecialHours } from '../menu/hours-description.ts';
import { toCents } from '../pricing/money.ts';
import type { ScheduleRetailerInfo } from '../time/schedule.ts';
import {
  websiteConfig,
  type ClosedDate,
  type Popup,
  type RetailerConfig,
  type RetailerInfo,
  type Tenant,
  type TradingHourEntry,
} from '../tenant/index.ts';
import { deliveryMapView, type DeliveryMapView } from './delivery-map.ts';
import { renderMarkdown } from './markdown.ts';
import { websiteFaviconFile, websiteHomePath, websiteVariants, type WebsiteVariant } from './websites.ts';
import { menuView, type MenuGroup } from './menu.ts';
import { orderingData, type OrderingData } from './ordering.ts';
import type { TenantRoute } from './routes.ts';
import { shopZone, type ShopZone } from '../time/shop-zone.ts';

/** What every page of a retailer needs to know about it. */
export interface RetailerSummary {
  slug: string;
  retailerId: number;
  /** The website the page is rendered for: the default one except on another website's home. */
  retailerWebsiteId: number;
  defaultWebsiteId: number;
  /** That website's home page and favicon. */
  homePath: string;
  favicon: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  layout: RetailerConfig['retailerLayout'];
  seo: RetailerConfig['retailerSEO'];
  css: RetailerConfig['retailerCSS'];
  links: RetailerConfig['retailerWebsiteLinks'];
  paymentTypes: RetailerConfig['retailerPaymentTypes'];
  oflEnabled: boolean;
  /** The shop's clock (lib/time/shop-zone.ts). */
  zone: ShopZone;
  /** Custom pages for navigation, in path order. */
  pages: { path: string; title: string }[];
  /** The retailer's other websites, switched to in the browser by `?retailerWebsiteId=`. */
  websites: WebsiteVariant[];
}

export interface SpecialSummary {
  retailerSpecialId: number;
  name: string;
  description: string;
  priceCents: number;
  specialDelivMethod: 0 | 1 | 2;
  /** When it can be ordered, one line per weekday, e.g. "Friday - From 10:00 pm". */
  hours: string[];
}

export interface HomePayload {
  kind: 'home';
  retailer: RetailerSummary;
  menu: MenuGroup[];
  specials: SpecialSummary[];
  sectionsTop: { title: string; html: string }[];
  sectionsBottom: { title: string; html: string }[];
  popups: Popup[];
  /** The most ordered products, most first, for the "Popular right now" strip. */
  trending: { productId: number; productGroupId: number; name: string; fromPriceCents: number }[];
  /** What the time rules need to tell a visitor, on their own clock, whether the shop is open. */
  schedule: { tradingHours: TradingHourEntry[]; closedDates: ClosedDate[]; retailerInfo: ScheduleRetailerInfo };
  /** Prices, options and hours for the builder, cart and order-time picker; read from `_payload.json`, never rendered. */
  ordering: OrderingData;
  /** The delivery-map dialog's zones and suburbs; read from `_payload.json` when it opens, never rendered. */
  deliveryMap: DeliveryMapView;
}

export interface CustomPagePayload {
  kind: 'custom-page';
  retailer: RetailerSummary;
  page: { path: string; title: string; html: string };
}

export interface ResetPasswordPayload {
  kind: 'reset-password';
  retailer: RetailerSummary;
}

/** The order confirmation: the order itself comes from the API, by the id in the address. */
export interface OrderPayload {
  kind: 'order';
  retailer: RetailerSummary;
}

export type RoutePayload = HomePayload | CustomPagePayload | ResetPasswordPayload | OrderPayload;

/** What pages say of the retailer, as website `retailerWebsiteId` (the default website when absent or unknown) presents it. */
export function retailerSummary(tenant: Tenant, retailerWebsiteId?: number): RetailerSummary {
  const config = websiteConfig(tenant.config, tenant.websites, retailerWebsiteId);
  return {
    slug: tenant.slug,
    retailerId: config.retailerId,
    retailerWebsiteId: config.retailerWebsiteId,
    defaultWebsiteId: tenant.config.retailerWebsiteId,
    ...(config.retailerWebsiteId === tenant.config.retailerWebsiteId
      ? { homePath: '/', favicon: '/favicon.svg' }
      : {
          homePath: websiteHomePath(config.retailerWebsiteId),
          favicon: `/${websiteFaviconFile(config.retailerWebsiteId)}`,
        }),
    name: config.retailerInfo.name,
    address: config.retailerInfo.address,
    phone: config.retailerInfo.phone,
    email: config.retailerInfo.email,
    layout: config.retailerLayout,
    seo: config.retailerSEO,
    css: config.retailerCSS,
    links: config.retailerWebsiteLinks,
    paymentTypes: config.retailerPaymentTypes,
    oflEnabled: config.oflEnabled && config.retailerInfo.oflEnabled,
    zone: shopZone(config.retailerInfo),
    pages: tenant.pages.map((page) => ({ path: `/${page.path}`, title: page.title })),
    websites: websiteVariants(tenant),
  };
}

/** Only the ordering settings the time rules read: the page need not carry prices and contact details twice. */
function scheduleInfo(info: RetailerInfo): ScheduleRetailerInfo {
  const {
    timeZone,
    timeZoneDiff,
    pickupDisabled,
    allowDeliveries,
    pickupAvailable,
    deliveryAvailable,
    oflEnabled,
    oflMinTimeFromCurrTime,
    oflMinTimeFromFirstShift,
    orderForLaterMaxDaysToEnd,
    orderForLaterMinDaysToStart,
  } = info;
  return {
    ...(timeZone === undefined ? {} : { timeZone }),
    timeZoneDiff,
    pickupDisabled,
    allowDeliveries,
    pickupAvailable,
    deliveryAvailable,
    oflEnabled,
    oflMinTimeFromCurrTime,
    oflMinTimeFromFirstShift,
    orderForLaterMaxDaysToEnd,
    orderForLaterMinDaysToStart,
  };
}

const TRENDING_SHOWN = 6;

function trendingProducts(tenant: Tenant, menu: MenuGroup[]): HomePayload['trending'] {
  const products = new Map(
    menu.flatMap((group) =>
      group.products.map(
        (product) => [product.productId, { ...product, productGroupId: group.productGroupId }] as const,
      ),
    ),
  );
  return [...tenant.trending]
    .sort((a, b) => b.orderCount - a.orderCount)
    .flatMap((entry) => {
      const product = products.get(entry.productId);
      return product
        ? [
            {
              productId: product.productId,
              productGroupId: product.productGroupId,
              name: product.name,
              fromPriceCents: product.fromPriceCents,
            },
          ]
        : [];
    })
    .slice(0, TRENDING_SHOWN);
}

/** The prerender data of one route: rendered into its HTML and written beside it as `_payload.json`. */
export function routePayload(tenant: Tenant, route: TenantRoute): RoutePayload {
  const retailer = retailerSummary(tenant, route.retailerWebsiteId);
  if (route.kind === 'reset-password') return { kind: 'reset-password', retailer };
  if (route.kind === 'order') return { kind: 'order', retailer };
  if (route.kind === 'custom-page') {
    const page = tenant.pages.find((candidate) => `/${candidate.path}` === route.path);
    if (!page) throw new Error(`tenant "${tenant.slug}" has no custom page ${route.path}`);
    return {
      kind: 'custom-page',
      retailer,
      page: { path: route.path, title: page.title, html: renderMarkdown(page.markdown) },
    };
  }
  const menu = menuView(tenant);
  const sections = [...tenant.customSections]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((section) => ({ ...section, html: renderMarkdown(section.body) }));
  return {
    kind: 'home',
    retailer,
    menu,
    specials: tenant.specials
      .filter((special) => special.showInSpecialSelector)
      .map((special) => ({
        retailerSpecialId: special.retailerSpecialId,
        name: special.name,
        description: special.description,
        priceCents: toCents(special.price),
        specialDelivMethod: special.specialDelivMethod,
        hours: describeSpecialHours(special),
      })),
    sectionsTop: sections.filter((section) => section.position === 'top').map(({ title, html }) => ({ title, html })),
    sectionsBottom: sections
      .filter((section) => section.position === 'bottom')
      .map(({ title, html }) => ({ title, html })),
    popups: tenant.popups.filter((popup) => popup.active),
    trending: trendingProducts(tenant, menu),
    schedule: {
      tradingHours: tenant.tradingHours,
      closedDates: tenant.closedDates,
      retailerInfo: scheduleInfo(tenant.config.retailerInfo),
    },
    ordering: orderingData(tenant),
    deliveryMap: deliveryMapView(tenant.deliveryZones, tenant.deliverySuburbs, tenant.config.retailerInfo),
  };
}
