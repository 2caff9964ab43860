import { loadOrderingData } from '../stores/ordering-data.ts';
import { messageOf } from './error-capture.ts';
import { failPage } from './error-screen.ts';

/**
 * Loads the page's ordering data for a panel that cannot show without it (the product builder,
 * the cart, the order time…). If it still cannot be loaded, the page cannot take an order: the
 * customer gets the error screen with "Reload and try again", and the failure is reported.
 */
export function needOrderingData(component: string): void {
  loadOrderingData().catch((error: unknown) => failPage({ errorType: 'javascript', message: `The page's data could not be loaded: ${messageOf(error)}`, component }));
}
