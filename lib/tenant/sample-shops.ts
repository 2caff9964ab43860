/**
 * The sample shops of tenants/ (the README's table), named once for the tests, benchmarks and
 * journeys that run on them. old-mill-pizza is inactive (every page redirects), so the four
 * trading shops are the ones with pages to visit.
 */
export const TRADING_SAMPLE_SHOPS = ['bella-napoli', 'crust-and-co', 'fire-and-slice', 'harbour-pizza'] as const;
export const INACTIVE_SAMPLE_SHOP = 'old-mill-pizza';
export const SAMPLE_SHOPS = [...TRADING_SAMPLE_SHOPS, INACTIVE_SAMPLE_SHOP] as const;
