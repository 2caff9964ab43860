import { useEffect, useState, type CSSProperties } from 'react';
import { z } from 'zod';
import {
  deliveryMapViewSchema,
  type DeliveryMapView,
  type DeliveryMapZone,
} from '../../../../lib/site/delivery-map.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { closeDialog } from '../../stores/dialogs.ts';
import { Sheet } from '../../../../ui/Sheet.tsx';

const payloadSchema = z.object({ deliveryMap: deliveryMapViewSchema });

/** The zone's colour for the light and the dark theme, as CSS variables the classes pick from. */
const zoneColours = (zone: DeliveryMapZone) =>
  ({ '--zone': zone.colour, '--zone-dark': zone.darkColour }) as CSSProperties;

const suburbList = (suburbs: DeliveryMapView['otherSuburbs']) =>
  suburbs.map((suburb) => `${suburb.name} ${suburb.postcode}`).join(', ');

/** The retailer's delivery zones drawn from their outlines, with each zone's suburbs and fee; no map tiles needed. */
export default function DeliveryMapDialog() {
  const [view, setView] = useState<DeliveryMapView | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  useEffect(() => {
    // The home page's own prerender data: the ordering runtime has usually fetched it already.
    fetch('/_payload.json')
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`_payload.json answered ${response.status}`)),
      )
      .then((json: unknown) => setView(payloadSchema.parse(json).deliveryMap))
      .catch(() => setFailed(true));
  }, []);

  return (
    <Sheet open onClose={closeDialog} title="Delivery areas" description="Where we deliver, and what delivery costs.">
      {!view ? (
        <p className="py-6 text-center text-muted-foreground" role="status">
          {failed ? 'The delivery areas could not be loaded. Please try again.' : 'Loading the delivery areas…'}
        </p>
      ) : (
        <div className="flex flex-col gap-4" data-delivery-map>
          {view.zones.length > 0 && (
            <svg
              viewBox={`0 0 ${view.width} ${view.height}`}
              role="img"
              aria-label={`Map of ${view.zones.length} delivery ${view.zones.length === 1 ? 'zone' : 'zones'}, north at the top`}
              className="max-h-[45dvh] w-full rounded-xl border border-border bg-muted"
            >
              {[...view.zones]
                .sort((a, b) => a.layer - b.layer)
                .map((zone) => (
                  <path
                    key={zone.zoneId}
                    d={zone.path}
                    style={zoneColours(zone)}
                    className="fill-(--zone) stroke-(--zone) dark:fill-(--zone-dark) dark:stroke-(--zone-dark)"
                    fillOpacity={active === zone.zoneId ? 0.45 : 0.25}
                    strokeWidth={active === zone.zoneId ? 4 : 2}
                    strokeLinejoin="round"
                    data-zone={zone.zoneId}
                  />
                ))}
              {view.zones.map((zone) => (
                <g key={zone.zoneId} aria-hidden="true">
                  <circle
                    cx={zone.label.x}
                    cy={zone.label.y}
                    r="20"
                    style={zoneColours(zone)}
                    className="fill-background stroke-(--zone) dark:stroke-(--zone-dark)"
                    strokeWidth="4"
                  />
                  <text
                    x={zone.label.x}
                    y={zone.label.y}
                    dy="0.35em"
                    textAnchor="middle"
                    fontSize="22"
                    className="fill-foreground font-bold"
                  >
                    {zone.number}
                  </text>
                </g>
              ))}
              <text
                x={view.width - 12}
                y="24"
                textAnchor="end"
                className="fill-muted-foreground text-sm font-semibold"
                aria-hidden="true"
              >
                N ↑
              </text>
            </svg>
          )}
          <ol className="flex flex-col gap-3">
            {view.zones.map((zone) => (
              <li
                key={zone.zoneId}
                // Focusable so keyboard users can scroll the list and see each zone outlined on the map.
                tabIndex={0}
                className="flex gap-3 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-primary"
                onPointerEnter={() => setActive(zone.zoneId)}
                onPointerLeave={() => setActive(null)}
                onFocus={() => setActive(zone.zoneId)}
                onBlur={() => setActive(null)}
                data-zone-entry={zone.zoneId}
              >
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full border-[3px] border-(--zone) bg-background font-bold dark:border-(--zone-dark)"
                  style={zoneColours(zone)}
                >
                  {zone.number}
                </span>
                <div>
                  <p className="font-semibold">
                    <span className="sr-only">Zone {zone.number}: </span>
                    {zone.name}
                  </p>
                  <p className="text-sm">
                    Delivery {formatMoney(zone.feeCents)}
                    {zone.minOrderCents !== null && ` · minimum order ${formatMoney(zone.minOrderCents)}`}
                  </p>
                  {zone.suburbs.length > 0 && (
                    <p className="text-sm text-muted-foreground">{suburbList(zone.suburbs)}</p>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {view.otherSuburbs.length > 0 && (
            <p className="text-sm">
              <span className="font-semibold">{view.zones.length > 0 ? 'We also deliver to' : 'We deliver to'}</span>{' '}
              {suburbList(view.otherSuburbs)} (delivery {formatMoney(view.baseFeeCents)}
              {view.baseMinOrderCents !== null && `, minimum order ${formatMoney(view.baseMinOrderCents)}`}).
            </p>
          )}
          {view.zones.length === 0 && view.otherSuburbs.length === 0 && (
            <p>Please call us to ask whether we deliver to you.</p>
          )}
        </div>
      )}
    </Sheet>
  );
}
