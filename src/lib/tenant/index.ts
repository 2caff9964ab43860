export * from './primitives.ts';
export * from './retailer.ts';
export * from './hours.ts';
export * from './products.ts';
export * from './specials.ts';
export * from './content.ts';
export * from './settings.ts';
export * from './tenant.ts';
