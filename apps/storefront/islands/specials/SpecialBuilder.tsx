import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { productChoices } from '../../../../lib/cart/line-builder.ts';
import {
  dealLaterTime,
  dealRefusal,
  previewSpecial,
  specialUnits,
  type FilledUnit,
} from '../../../../lib/menu/special-builder.ts';
import { formatOrderTime } from '../../../../lib/time/format.ts';
import { shopZone } from '../../../../lib/time/shop-zone.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { PricingError } from '../../../../lib/pricing/item-price.ts';
import { isDishSoldOut, soldOutAt } from '../../../../lib/menu/sold-out.ts';
import { $orderTime } from '../../stores/cart.ts';
import { $clockStatus, $now } from '../../stores/clock.ts';
import { $order, addToCart } from '../../stores/order.ts';
import { chooseOrderTime, toastItemAdded } from '../../stores/order-time.ts';
import { $catalogue, $orderingData, $schedule } from '../../stores/ordering-data.ts';
import { needOrderingData } from '../../runtime/page-data.ts';
import { closeSpecials, openSpecials } from '../../stores/ui.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { Sheet } from '../../../../ui/Sheet.tsx';

const selectClass = 'rounded-lg border border-border bg-background px-3 py-2 text-base font-normal';

/** Fills each item of a special with a product and size it allows, and shows the saving before anything goes into the cart. */
export default function SpecialBuilder({ specialId }: { specialId: number }) {
  const data = useStore($orderingData);
  const catalogue = useStore($catalogue);
  const { orderType } = useStore($order);
  const at = useStore($orderTime);
  const clockStatus = useStore($clockStatus);
  const schedule = useStore($schedule);
  const now = useStore($now) ?? new Date();
  const [filled, setFilled] = useState<Record<string, FilledUnit>>({});
  useEffect(() => {
    needOrderingData('SpecialBuilder');
  }, []);
  const special = data?.specials.find((candidate) => candidate.retailerSpecialId === specialId);
  const units = useMemo(() => (special && catalogue ? specialUnits(special, catalogue) : []), [special, catalogue]);

  if (!data || !catalogue || !special) {
    return (
      <Sheet open onClose={closeSpecials} title="Deal">
        <p className="py-6 text-center text-muted-foreground" role="status">
          {data ? 'This deal is no longer offered.' : 'Loading the deal…'}
        </p>
      </Sheet>
    );
  }

  const chosen = units.map((unit) => filled[unit.key]);
  const complete = chosen.every((unit): unit is FilledUnit => {
    if (!unit) return false;
    const choices = productChoices(catalogue, unit.productId);
    return (
      choices !== null &&
      choices.options.every((option) => !option.required || unit.options[option.retailerProductOptionId] !== undefined)
    );
  });
  let preview: ReturnType<typeof previewSpecial> | null = null;
  try {
    preview = complete ? previewSpecial(special, chosen as FilledUnit[], catalogue, orderType) : null;
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
  }

  const soldOut = soldOutAt(clockStatus, at);
  const isSoldOut = (productId: number) => {
    const product = catalogue.products.get(productId);
    return product !== undefined && isDishSoldOut(soldOut, product);
  };
  const soldOutChosen = chosen.find((unit) => unit !== undefined && isSoldOut(unit.productId));
  const soldOutText = soldOutChosen
    ? `${catalogue.products.get(soldOutChosen.productId)?.name ?? 'A dish you chose'} is sold out for today. Choose something else.`
    : null;
  const dealContext = {
    orderType,
    at,
    groups: data.productsInfoSsr.groups,
    groupHours: data.groupHours,
    zone: shopZone(data.config.retailerInfo),
  };
  const refusal = soldOutText ?? dealRefusal(special, dealContext);
  const laterTime = schedule ? dealLaterTime(special, dealContext, schedule, now, clockStatus) : null;

  const setUnit = (key: string, unit: FilledUnit) => setFilled({ ...filled, [key]: unit });
  const addDeal = () => {
    if (!preview?.applies || refusal) return;
    // Bound to this deal, so the cart charges what this builder showed whatever the priority rule would pick.
    const deal = { retailerSpecialId: special.retailerSpecialId, dealId: crypto.randomUUID() };
    for (const line of preview.lines) addToCart({ ...line, deal });
    toastItemAdded(new Date(), special.name);
    closeSpecials();
  };

  return (
    <Sheet
      open
      onClose={closeSpecials}
      title={special.name}
      {...(special.description ? { description: special.description } : {})}
      footer={
        <div className="flex flex-col gap-3">
          {refusal && (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium" role="status" data-deal-refusal>
              {refusal}
            </p>
          )}
          {refusal && !soldOutText && laterTime && (
            <button
              type="button"
              className={`${secondaryButton} self-start`}
              onClick={() => chooseOrderTime(laterTime)}
              data-deal-later
            >
              Order for {formatOrderTime(laterTime, now, dealContext.zone)}
            </button>
          )}
          {preview && !refusal && (
            <p className="text-sm" role="status" data-special-preview>
              {preview.applies ? (
                <>
                  <span className="line-through opacity-70">{formatMoney(preview.regularCents)}</span>{' '}
                  <strong>{formatMoney(preview.dealCents)}</strong> · you save{' '}
                  <strong data-special-saving>{formatMoney(preview.savingCents)}</strong>
                </>
              ) : (
                `These items cost ${formatMoney(preview.regularCents)} and do not make up the deal for a ${orderType} order.`
              )}
            </p>
          )}
          <div className="flex flex-wrap justify-between gap-3">
            <button type="button" className={secondaryButton} onClick={openSpecials}>
              All deals
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={!preview?.applies || refusal !== null}
              onClick={addDeal}
            >
              Add deal to cart
            </button>
          </div>
        </div>
      }
    >
      <ol className="flex flex-col gap-4">
        {units.map((unit) => {
          const current = filled[unit.key];
          const candidate = unit.candidates.find((option) => option.productId === current?.productId);
          const choices = current ? productChoices(catalogue, current.productId) : null;
          return (
            <li
              key={unit.key}
              className="flex flex-col gap-2 rounded-xl border border-border p-3"
              data-special-unit={unit.key}
            >
              <p className="font-semibold">{unit.label}</p>
              <div className="grid gap-2 sm:grid-cols-2">
                <label className="flex flex-col gap-1 text-sm font-medium">
                  Item
                  <select
                    className={selectClass}
                    value={current?.productId ?? ''}
                    onChange={(event) => {
                      const next = unit.candidates.find((option) => option.productId === Number(event.target.value));
                      const size = next?.sizes[0];
                      if (next && size)
                        setUnit(unit.key, {
                          productId: next.productId,
                          retailerProductSizeId: size.retailerProductSizeId,
                          options: {},
                        });
                    }}
                  >
                    <option value="">Choose…</option>
                    {unit.candidates.map((option) => (
                      <option
                        key={option.productId}
                        value={option.productId}
                        disabled={isSoldOut(option.productId) && option.productId !== current?.productId}
                      >
                        {option.name}
                        {isSoldOut(option.productId) ? ' (Sold out today)' : ''}
                      </option>
                    ))}
                  </select>
                </label>
                {candidate && current && candidate.sizes.length > 1 && (
                  <label className="flex flex-col gap-1 text-sm font-medium">
                    Size
                    <select
                      className={selectClass}
                      value={current.retailerProductSizeId}
                      onChange={(event) =>
                        setUnit(unit.key, { ...current, retailerProductSizeId: Number(event.target.value) })
                      }
                    >
                      {candidate.sizes.map((size) => (
                        <option key={size.retailerProductSizeId} value={size.retailerProductSizeId}>
                          {size.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {current &&
                  choices?.options
                    .filter((option) => option.required)
                    .map((option) => (
                      <label key={option.retailerProductOptionId} className="flex flex-col gap-1 text-sm font-medium">
                        {option.name}
                        <select
                          className={selectClass}
                          value={current.options[option.retailerProductOptionId] ?? ''}
                          onChange={(event) =>
                            setUnit(unit.key, {
                              ...current,
                              options: {
                                ...current.options,
                                [option.retailerProductOptionId]: Number(event.target.value),
                              },
                            })
                          }
                        >
                          <option value="">Choose…</option>
                          {option.choices.map((choice) => (
                            <option
                              key={choice.retailerProductOptionChoiceId}
                              value={choice.retailerProductOptionChoiceId}
                            >
                              {choice.name}
                              {choice.priceCents > 0 ? ` (+${formatMoney(choice.priceCents)})` : ''}
                            </option>
                          ))}
                        </select>
                      </label>
                    ))}
              </div>
            </li>
          );
        })}
      </ol>
    </Sheet>
  );
}
