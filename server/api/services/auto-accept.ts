import { STAGE_TEXT } from '../../../lib/kitchen/kitchen-flow.ts';
import type { ApiDeps } from '../deps.ts';
import { AUTO_ACCEPT_NAME } from '../store/board.ts';
import { withStores } from '../store/stores.ts';
import { tellStageChange } from './order-taking.ts';
import type { ServedTenant } from './tenants.ts';

/**
 * A shop with auto-accept on (issue 28 item 4) has each order accepted by the API as it reaches the
 * kitchen, with no console open: placed at the door, or paid online. It is the staff accept's
 * outcome, recorded as the system's: the order's stage and step, the audit log, the customer's page
 * and the consoles told, the tickets printed on the printers that print on accept. Two API
 * processes handling one order accept it once: the accept runs in the retailer's write
 * transaction and only moves an order that is still New. Answers whether this call accepted it.
 */
export async function acceptIfAutomatic(
  deps: ApiDeps,
  served: ServedTenant,
  encryptedOrderId: string,
): Promise<boolean> {
  const { retailerId } = served.tenant.config;
  // Most shops leave it off: one small read outside the write lock answers them.
  if (!(await deps.kitchenSettings.get(retailerId)).autoAccept) return false;
  const now = deps.now();
  const outcome = await withStores(deps.db, retailerId, async (stores) => {
    const accepted = await stores.board.autoAccept(retailerId, encryptedOrderId, now);
    if (accepted.kind === 'forward')
      await stores.staff.record(
        { retailerId, staffId: null, name: AUTO_ACCEPT_NAME },
        'auto-accept',
        `Order ${accepted.order.orderNumber}: ${STAGE_TEXT.new} → ${STAGE_TEXT.taken}`,
        now,
      );
    return accepted;
  });
  if (outcome.kind !== 'forward') return false;
  // Tickets first: they are rows before the customer is answered, whereas a broker that is down
  // makes the page's push wait out its connect timeout. A printer problem never undoes the accept.
  await deps.printing
    .printOrder(served, encryptedOrderId, 'accept')
    .catch((error: unknown) => deps.log(`printing: ${encryptedOrderId}: ${String(error)}`));
  await tellStageChange(deps, served, {
    orderNumber: outcome.order.orderNumber,
    watchKey: outcome.watchKey,
    stage: 'taken',
  });
  return true;
}

/** Runs after an order is placed (or paid), never failing the customer's answer: a failure is logged, the kitchen accepts by hand. */
export async function acceptOnArrival(deps: ApiDeps, served: ServedTenant, encryptedOrderId: string): Promise<void> {
  await acceptIfAutomatic(deps, served, encryptedOrderId).catch((error: unknown) =>
    deps.log(`api: auto-accept of a ${served.tenant.slug} order failed: ${String(error)}`),
  );
}
