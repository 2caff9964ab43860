/**
 * What a storefront page tells other sites about itself: its origin, never its path or query. Pages
 * hold secrets in their address (the confirmation's order id, a reset link's token), and the tracker,
 * the API and any outbound link are other origins. Sent as a header by both servers
 * (scripts/lib/static-server.ts, scripts/lib/nginx-config.ts) and as a meta tag by every page, so a
 * server that drops the header still keeps the address in.
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
