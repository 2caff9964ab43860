/** Why a cart line cannot be priced from the current catalogue. */
export type PricingErrorCode =
  | 'unknown-product'
  | 'unknown-group'
  | 'unknown-size'
  | 'unknown-second-half'
  | 'unknown-ingredient'
  | 'unknown-option'
  | 'invalid-item'
  | 'invalid-catalogue';

/** Codes meaning the line refers to something the retailer no longer sells. */
export const goneCodes: ReadonlySet<PricingErrorCode> = new Set([
  'unknown-product',
  'unknown-group',
  'unknown-size',
  'unknown-second-half',
  'unknown-ingredient',
  'unknown-option',
]);

export class PricingError extends Error {
  readonly code: PricingErrorCode;

  constructor(code: PricingErrorCode, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}
