import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ShopPartKey, ShopPartValues } from '../../../../lib/shop/parts/index.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';

type Editor<K extends ShopPartKey> = LazyExoticComponent<ComponentType<PartEditorProps<ShopPartValues[K]>>>;

/** Each part's editor, loaded when the owner first opens its tab. */
export const partEditors: { [K in ShopPartKey]: Editor<K> } = {
  tradingHours: lazy(() => import('./TradingHoursEditor.tsx')),
  closedDates: lazy(() => import('./ClosedDatesEditor.tsx')),
  specials: lazy(() => import('./SpecialsEditor.tsx')),
  popups: lazy(() => import('./PopupsEditor.tsx')),
  deliveryFees: lazy(() => import('./DeliveryFeesEditor.tsx')),
  preparationTime: lazy(() => import('./PreparationTimeEditor.tsx')),
  kitchenCapacity: lazy(() => import('./KitchenCapacityEditor.tsx')),
  orderBounds: lazy(() => import('./OrderBoundsEditor.tsx')),
  tips: lazy(() => import('./TipsEditor.tsx')),
  theme: lazy(() => import('./ThemeEditor.tsx')),
};

export function editorFor<K extends ShopPartKey>(key: K): Editor<K> {
  return partEditors[key];
}
