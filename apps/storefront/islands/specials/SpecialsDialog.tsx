import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { specialAvailability } from '../../../../lib/menu/special-availability.ts';
import { specialsForSelector } from '../../../../lib/menu/special-filters.ts';
import { formatMoney, toCents } from '../../../../lib/pricing/money.ts';
import { $orderTime } from '../../stores/cart.ts';
import { $order } from '../../stores/order.ts';
import { $orderingData } from '../../stores/ordering-data.ts';
import { needOrderingData } from '../../runtime/page-data.ts';
import { closeSpecials, openSpecialBuilder } from '../../stores/ui.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { shopZone } from '../../../../lib/time/shop-zone.ts';

const priceLimits = [null, 20, 30, 50, 80] as const;

/** The special selector: the retailer's deals for this order, filtered by price and by what can be had at the order time. */
export default function SpecialsDialog() {
  const data = useStore($orderingData);
  const at = useStore($orderTime);
  const { orderType } = useStore($order);
  const [maxPrice, setMaxPrice] = useState<number | null>(null);
  const [showOnlyAvailable, setShowOnlyAvailable] = useState(false);
  useEffect(() => {
    needOrderingData('SpecialsDialog');
  }, []);

  if (!data) {
    return (
      <Sheet open onClose={closeSpecials} title="Deals">
        <p className="py-6 text-center text-muted-foreground" role="status">
          Loading deals…
        </p>
      </Sheet>
    );
  }
  const context = {
    at,
    groups: data.productsInfoSsr.groups,
    groupHours: data.groupHours,
    zone: shopZone(data.config.retailerInfo),
  };
  const specials = specialsForSelector(data.specials, { maxPrice, showOnlyAvailable, orderType }, context);

  return (
    <Sheet open onClose={closeSpecials} title="Deals" description={`For ${orderType} orders at your order time.`}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-4 rounded-xl bg-muted p-3 text-sm">
          <label className="flex items-center gap-2">
            Up to
            <select
              className="rounded-lg border border-border bg-background px-2 py-1.5"
              value={maxPrice ?? ''}
              onChange={(event) => setMaxPrice(event.target.value === '' ? null : Number(event.target.value))}
            >
              {priceLimits.map((limit) => (
                <option key={limit ?? 'any'} value={limit ?? ''}>
                  {limit === null ? 'any price' : formatMoney(limit * 100)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={showOnlyAvailable}
              onChange={(event) => setShowOnlyAvailable(event.target.checked)}
            />
            Only deals available now
          </label>
        </div>
        {specials.length === 0 && (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            No deals match.
          </p>
        )}
        <ul className="flex flex-col gap-3" aria-label="Deals">
          {specials.map((special) => {
            const availability = specialAvailability(special, context.groups, context.groupHours, at, context.zone);
            return (
              <li
                key={special.retailerSpecialId}
                className="flex flex-col gap-2 rounded-xl border border-border p-4"
                data-special={special.retailerSpecialId}
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-semibold">{special.name}</h3>
                  <span
                    className="rounded-full bg-primary px-2.5 py-0.5 text-sm font-bold text-primary-foreground"
                    data-special-price
                  >
                    {formatMoney(toCents(special.price))}
                  </span>
                </div>
                {special.description && <p className="text-sm text-muted-foreground">{special.description}</p>}
                <p className="text-sm font-medium">
                  {[availability.text, availability.nextText].filter(Boolean).join(' · ')}
                </p>
                <button
                  type="button"
                  className={`${primaryButton} self-start`}
                  onClick={() => openSpecialBuilder(special.retailerSpecialId)}
                >
                  Choose items<span className="sr-only"> for {special.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </Sheet>
  );
}
