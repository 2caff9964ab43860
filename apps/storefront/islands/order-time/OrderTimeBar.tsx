import type { OrderType } from '../../../../lib/cart/schemas.ts';
import { openOrderTime } from '../../stores/ui.ts';
import { useSavedVisit } from '../ordering/saved-visit.ts';
import { useLazyStore } from '../ordering/use-lazy-store.ts';
import { ServiceSwitch } from './ServiceSwitch.tsx';
import { withIslandBoundary } from '../IslandBoundary.tsx';

const loadLabel = () => import('../../stores/order-time.ts').then((module) => module.$orderTimeLabel);

function choose(orderType: OrderType): void {
  void import('../../stores/order-time.ts').then((module) => module.chooseOrderType(orderType));
}

/** Above the menu: delivery or pickup, and when. The rules behind it load when the browser is idle. */
function OrderTimeBar() {
  const label = useLazyStore(loadLabel);
  // Until the rules load: the service the customer left with, and no time, since only the rules know
  // whether the shop is open now; the usual words hold the place unseen so the button does not move.
  const saved = useSavedVisit();
  return (
    <div
      className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-background p-2 pr-4"
      data-order-time-bar
    >
      <ServiceSwitch value={label?.orderType ?? saved?.orderType} onChange={choose} />
      <p className="text-sm">
        {label === undefined ? (
          <span className="invisible">Order for as soon as possible</span>
        ) : (
          <>
            {!label.closedNow && <span className="text-muted-foreground">Order for </span>}
            <span className="font-semibold" data-order-time>
              {label.when}
            </span>
          </>
        )}{' '}
        <button
          type="button"
          className="font-semibold text-primary underline underline-offset-4"
          onClick={openOrderTime}
        >
          Change
        </button>
      </p>
    </div>
  );
}

export default withIslandBoundary(OrderTimeBar, 'OrderTimeBar');
