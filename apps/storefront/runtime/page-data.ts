import { loadOrderingData } from '../stores/ordering-data.ts';
import { closeEverything } from '../stores/ui.ts';
import { messageOf, reportError } from './error-capture.ts';
import { showErrorScreen } from './error-screen.ts';

/**
 * Loads the page's ordering data for a panel that cannot show without it (the product builder,
 * the cart, the order time…). If it still cannot be loaded, the page cannot take an order: the
 * failure is reported, the panel closes and the customer gets the error screen with "Reload and
 * try again".
 */
export function needOrderingData(component: string): void {
  loadOrderingData().catch((error: unknown) => {
    reportError({
      errorType: 'javascript',
      message: `The page's data could not be loaded: ${messageOf(error)}`,
      component,
    });
    closeEverything();
    showErrorScreen();
  });
}
