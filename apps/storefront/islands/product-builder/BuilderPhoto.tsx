import { useStore } from '@nanostores/react';
import { $catalogue, $orderingData } from '../../stores/ordering-data.ts';
import { ProductPhoto } from '../../../../ui/ProductPhoto.tsx';

/** The product's photo across the top of its builder, when the shop has one; loaded at once, as the dialog is open. */
export function BuilderPhoto({ productId }: { productId: number }) {
  const catalogue = useStore($catalogue);
  const data = useStore($orderingData);
  const image = catalogue?.products.get(productId)?.image ?? '';
  const photo = image === '' ? undefined : data?.photos[image];
  return photo ? <ProductPhoto photo={photo} shape="header" eager /> : null;
}
