import type { RetailerCss } from '../tenant/index.ts';

/** A retailer without its own favicon gets its initial on its primary colour. */
export function initialFavicon(name: string, css: Pick<RetailerCss, 'primary' | 'primary-foreground'>): string {
  const initial = (name.trim()[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${css.primary}"/><text x="32" y="44" font-family="system-ui,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${css['primary-foreground']}">${initial}</text></svg>`;
}
