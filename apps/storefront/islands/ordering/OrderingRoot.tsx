import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Popup } from '../../../../lib/tenant/index.ts';
import { whenSettled } from '../../runtime/idle.ts';
import { $toasts } from '../../stores/toasts.ts';
import {
  $dialogOpen,
  linkedProductId,
  openAccount,
  openProductBuilder,
  openSpecialBuilder,
  openSpecials,
} from '../../stores/ui.ts';
import { withIslandBoundary } from '../IslandBoundary.tsx';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

const OrderingLayer = lazy(() => import('./OrderingLayer.tsx'));
const siteDialogs = () => import('./SiteDialogs.tsx');

interface Props {
  zone: ShopZone;
  popups: Popup[];
}

/**
 * The page's ordering shell, the only part that hydrates with the page: it starts the ordering
 * runtime when the browser is idle and loads the layer of toaster and dialogs once anything
 * asks for one.
 */
function OrderingRoot({ zone, popups }: Props) {
  const dialogOpen = useStore($dialogOpen);
  const toastCount = useStore($toasts).length;
  const [idle, setIdle] = useState(false);
  const [layerWanted, setLayerWanted] = useState(false);

  useEffect(() => {
    const linked = linkedProductId(window.location.search);
    if (linked !== null) openProductBuilder(linked);
    if (window.location.search.includes('modal=')) void siteDialogs().then((module) => module.openLinkedDialog());
    // Static parts of the page (deals, trending, account and dialog links) carry plain links; once this shell runs they open dialogs instead.
    const onClick = (event: MouseEvent) => {
      const link =
        event.target instanceof Element
          ? event.target.closest<HTMLElement>(
              '[data-open-product], [data-open-special], [data-open-specials], [data-open-account], [data-dialog]',
            )
          : null;
      if (!link) return;
      event.preventDefault();
      // A sold-out dish's trending link (runtime/sold-out-menu.ts) opens nothing.
      if (link.ariaDisabled === 'true') return;
      const { openProduct, openSpecial, openAccount: account, trending, dialog } = link.dataset;
      if (dialog) void siteDialogs().then((module) => module.openDialogOfLink(dialog));
      else if (openProduct) openProductBuilder(Number(openProduct), { addedByTrending: trending !== undefined });
      else if (openSpecial) openSpecialBuilder(Number(openSpecial));
      else if (account !== undefined) openAccount();
      else openSpecials();
    };
    document.addEventListener('click', onClick);
    void whenSettled().then(() => {
      setIdle(true);
      return import('../../runtime/ordering.ts').then(({ startOrdering }) => startOrdering());
    });
    return () => document.removeEventListener('click', onClick);
  }, []);

  // Once loaded the layer stays, so the toaster keeps its hotkey and dialogs reopen at once.
  useEffect(() => {
    if (dialogOpen || toastCount > 0 || (idle && popups.length > 0)) setLayerWanted(true);
  }, [dialogOpen, toastCount, idle, popups.length]);

  if (!layerWanted) return null;
  return (
    <Suspense>
      <OrderingLayer popups={popups} zone={zone} />
    </Suspense>
  );
}

export default withIslandBoundary(OrderingRoot, 'OrderingRoot', 'page');
