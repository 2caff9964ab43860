import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../runtime/idle.ts';
import { $toasts } from '../../stores/toasts.ts';
import { $ui, linkedProductId, openProductBuilder } from '../../stores/ui.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';

const Toaster = lazy(() => import('../toaster/Toaster.tsx'));
const ProductBuilder = lazy(() => import('../product-builder/ProductBuilder.tsx'));
const CartSheet = lazy(() => import('../cart/CartSheet.tsx'));
const OrderTimeDialog = lazy(() => import('../order-time/OrderTimeDialog.tsx'));

interface Props {
  retailerWebsiteId: number;
}

/**
 * The page's ordering runtime and its dialogs. Only this shell hydrates with the page; the
 * runtime starts when the browser is idle and each dialog's code loads the first time it opens.
 */
function OrderingRoot({ retailerWebsiteId }: Props) {
  const ui = useStore($ui);
  const toasts = useStore($toasts);
  const [toasterWanted, setToasterWanted] = useState(false);

  useEffect(() => {
    const linked = linkedProductId(window.location.search);
    if (linked !== null) openProductBuilder(linked);
    void whenIdle().then(() => import('../../runtime/ordering.ts').then(({ startOrdering }) => startOrdering(retailerWebsiteId)));
  }, [retailerWebsiteId]);

  // Once shown, the toaster stays mounted so F8 keeps working.
  useEffect(() => {
    if (toasts.length > 0) setToasterWanted(true);
  }, [toasts.length]);

  return (
    <>
      {toasterWanted && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
      {ui.builder && (
        <Suspense>
          <ProductBuilder target={ui.builder} />
        </Suspense>
      )}
      {ui.cartOpen && (
        <Suspense>
          <CartSheet />
        </Suspense>
      )}
      {ui.orderTimeOpen && (
        <Suspense>
          <OrderTimeDialog />
        </Suspense>
      )}
    </>
  );
}

export default withIslandBoundary(OrderingRoot, 'OrderingRoot');
