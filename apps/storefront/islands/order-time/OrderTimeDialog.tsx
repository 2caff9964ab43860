import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { soldOutDishesAt, unservedDishesAt } from '../../../../lib/cart/availability.ts';
import { countedGroupIds, countedItems, kitchenFullAt } from '../../../../lib/kitchen/capacity.ts';
import { orderDayReason } from '../../../../lib/time/day-reasons.ts';
import { formatDayAndTimeLabel, formatDayLabel } from '../../../../lib/time/format.ts';
import { orderNowRefusal, timeChoicesOfDay } from '../../../../lib/time/order-time-reasons.ts';
import { retailerWallClock } from '../../../../lib/time/retailer-clock.ts';
import { $clockStatus, $now } from '../../stores/clock.ts';
import { $liveGroupHours } from '../../stores/group-availability.ts';
import { $order } from '../../stores/order.ts';
import { $slotCalendar, chooseOrderTime, chooseOrderType } from '../../stores/order-time.ts';
import { $catalogue, $orderingData, $schedule } from '../../stores/ordering-data.ts';
import { needOrderingData } from '../../runtime/page-data.ts';
import { closeOrderTime } from '../../stores/ui.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fullWidthControl } from '../../../../ui/fields.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { ServiceSwitch } from './ServiceSwitch.tsx';
import { shopZone } from '../../../../lib/time/shop-zone.ts';

/**
 * Delivery or pickup, now or at a 15-minute slot of the next 30 days, from the slot engine. A day
 * or time that cannot be chosen, and "as soon as possible" when it cannot, says why in the shop's
 * words (lib/time/order-time-reasons.ts: the same reasons checkout and the API give).
 */
export default function OrderTimeDialog() {
  const order = useStore($order);
  const schedule = useStore($schedule);
  const data = useStore($orderingData);
  const catalogue = useStore($catalogue);
  const liveGroupHours = useStore($liveGroupHours).data;
  const calendar = useStore($slotCalendar);
  const now = useStore($now);
  const clockStatus = useStore($clockStatus);
  useEffect(() => {
    needOrderingData('OrderTimeDialog');
  }, []);

  const savedAt = order.orderForLater ? order.orderForLaterRequestDateTime : null;
  const [later, setLater] = useState(savedAt !== null);
  const [date, setDate] = useState<string | null>(null);
  const [slotAt, setSlotAt] = useState<string | null>(savedAt);
  const reasons = useMemo(
    () =>
      new Map(
        schedule && calendar && now
          ? calendar.days.map((day) => [
              day.date,
              orderDayReason(schedule, order.orderType, day.date, now, day.slots.length > 0),
            ])
          : [],
      ),
    [schedule, calendar, now, order.orderType],
  );

  const unservedDishes = useMemo(
    () =>
      data && catalogue
        ? unservedDishesAt(
            order.products,
            catalogue,
            liveGroupHours ?? data.groupHours,
            shopZone(data.config.retailerInfo),
          )
        : undefined,
    [data, catalogue, liveGroupHours, order.products],
  );
  const soldOutDishes = useMemo(
    () => (catalogue ? soldOutDishesAt(order.products, catalogue, clockStatus) : undefined),
    [catalogue, clockStatus, order.products],
  );

  // The fill reaches open pages with the clock status, so a slot turns full here within seconds of the order that filled it.
  const kitchenFull = useMemo(() => {
    const capacity = data?.config.retailerInfo.kitchenCapacity;
    if (!data || !catalogue || !capacity) return undefined;
    const items =
      order.products.length === 0
        ? 1
        : countedItems(order.products, countedGroupIds(capacity, catalogue.groups.values()));
    return kitchenFullAt(
      capacity,
      clockStatus?.kitchenFill,
      order.orderType,
      items,
      shopZone(data.config.retailerInfo),
    );
  }, [data, catalogue, clockStatus, order.products, order.orderType]);

  if (!schedule || !calendar || !now) {
    return (
      <Sheet open onClose={closeOrderTime} title="Order time">
        <p className="py-6 text-center text-muted-foreground" role="status">
          Loading opening hours…
        </p>
      </Sheet>
    );
  }

  const zone = shopZone(schedule.retailerInfo);
  const today = retailerWallClock(now, zone).date;
  const context = { clockStatus, unservedDishes, soldOutDishes, kitchenFull };
  const nowRefusal = orderNowRefusal(schedule, order.orderType, now, context);
  // A cart dish not served now (or sold out) must leave the cart when ordering now, as at a later time: ASAP stays open.
  const openNow = nowRefusal === null || nowRefusal.kind === 'dish' || nowRefusal.kind === 'sold-out';
  const laterOffered = schedule.retailerInfo.oflEnabled;
  const days = calendar.days;
  const savedDate = savedAt ? retailerWallClock(new Date(savedAt), zone).date : null;
  const firstOpenDate = days.find((day) => day.slots.length > 0)?.date ?? null;
  const chosenDate = date ?? savedDate ?? firstOpenDate;
  const slots = days.find((day) => day.date === chosenDate)?.slots ?? [];
  const choices =
    chosenDate === null || slots.length === 0
      ? []
      : timeChoicesOfDay(schedule, order.orderType, chosenDate, now, context);
  const chosenSlot = slots.find((slot) => slot.at.toISOString() === slotAt && kitchenFull?.(slot.at) !== true) ?? null;
  const asap = !later && openNow;
  const canSave = asap || chosenSlot !== null;

  const save = () => {
    chooseOrderTime(asap ? null : (chosenSlot?.at ?? null));
    closeOrderTime();
  };

  return (
    <Sheet
      open
      onClose={closeOrderTime}
      title="Order time"
      footer={
        <button type="button" className={`${primaryButton} w-full`} disabled={!canSave} onClick={save}>
          {asap
            ? 'Order for as soon as possible'
            : chosenSlot
              ? `Order for ${formatDayAndTimeLabel(chosenSlot.date, chosenSlot.label.replace(/ \(.*\)$/, ''), today)}`
              : 'Choose a time'}
        </button>
      }
    >
      <div className="flex flex-col gap-5">
        <ServiceSwitch value={order.orderType} onChange={(orderType) => chooseOrderType(orderType)} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">When</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="when" checked={asap} disabled={!openNow} onChange={() => setLater(false)} />
            <span>
              As soon as possible
              {nowRefusal && (
                <span className="text-sm text-muted-foreground" data-asap-reason>
                  {' '}
                  ({nowRefusal.short})
                </span>
              )}
            </span>
          </label>
          {laterOffered && (
            <label className="flex items-center gap-2">
              <input type="radio" name="when" checked={!asap} onChange={() => setLater(true)} />
              Later
            </label>
          )}
          {!laterOffered && !openNow && (
            <p className="text-sm">Ordering ahead is not offered. Please order within trading hours.</p>
          )}
        </fieldset>
        {laterOffered && !asap && firstOpenDate === null && (
          <p className="text-sm" role="status" data-no-order-times>
            There are no times to order {order.orderType} for in the next {days.length} days.
          </p>
        )}
        {laterOffered && !asap && firstOpenDate !== null && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Day" className="min-w-0">
              {(control) => (
                <select
                  {...control}
                  className={fullWidthControl}
                  value={chosenDate ?? ''}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setSlotAt(null);
                  }}
                  data-day-select
                >
                  {days.map((day) => {
                    const reason = reasons.get(day.date);
                    return (
                      <option key={day.date} value={day.date} disabled={reason != null}>
                        {formatDayLabel(day.date, today)}
                        {reason ? ` – ${reason.text}` : ''}
                      </option>
                    );
                  })}
                </select>
              )}
            </FormField>
            <FormField label="Time" className="min-w-0">
              {(control) => (
                <select
                  {...control}
                  className={fullWidthControl}
                  value={chosenSlot?.at.toISOString() ?? ''}
                  onChange={(event) => setSlotAt(event.target.value || null)}
                  data-slot-select
                >
                  <option value="">{slots.length === 0 ? 'No times this day' : 'Choose a time'}</option>
                  {choices.map((choice) => (
                    <option
                      key={choice.at.toISOString()}
                      value={choice.at.toISOString()}
                      disabled={choice.slot === null}
                    >
                      {choice.label}
                      {choice.refusal ? ` – ${choice.refusal.short}` : ''}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        )}
      </div>
    </Sheet>
  );
}
