/** Why a cart line cannot be priced from the current catalogue. */
export type PricingErrorCode =
  | 'unknown-product'
  | 'unknown-size'
  | 'unknown-second-half'
  | 'half-half-not-allowed'
  | 'unknown-ingredient'
  | 'unknown-option'
  | 'invalid-item'
  | 'invalid-catalogue';

export class PricingError extends Error {
  readonly code: PricingErrorCode;

  constructor(code: PricingErrorCode, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}
