declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key event inside the island (apps/storefront/runtime/interaction-directive.ts). */
    'client:interaction'?: boolean;
    /** Hydrate once the page has settled: the first interaction anywhere, or a few quiet seconds after load (apps/storefront/runtime/settled-directive.ts). */
    'client:settled'?: boolean;
  }
}

export {};
