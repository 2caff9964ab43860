import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { DaySummaryResponse } from '../../../../lib/api/staff-contract.ts';
import { MAX_REPORT_DAYS, reportRangeRefusal } from '../../../../lib/kitchen/day-summary.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { addDays, retailerDate } from '../../../../lib/time/retailer-clock.ts';
import { fieldControl, fieldLabel } from '../../../../ui/fields.ts';
import { primaryButton, secondaryButton } from '../../../../ui/buttons.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { $shopZone } from '../../shell/shop-zone.ts';
import { SectionView } from '../../shell/SectionView.tsx';
import { endOfDayCsv } from './csv.ts';
import { reportCalls } from './report-client.ts';
import { SalesChart } from './SalesChart.tsx';
import { paymentText } from '../board/format.ts';
import { $endOfDay, loadEndOfDay } from './store.ts';

const SERVICE_TEXT = { delivery: 'Delivery', pickup: 'Pickup' } as const;

const quantityText = (quantity: number) => (Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(1));

function Figure({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div className="rounded-2xl border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-total={name}>
        {value}
      </dd>
    </div>
  );
}

function Table({ caption, head, children }: { caption: string; head: readonly string[]; children: ReactNode }) {
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full text-left">
        <caption className="pb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-sm text-muted-foreground">
            {head.map((title, index) => (
              <th key={title} scope="col" className={`py-2 pr-2 font-medium ${index > 0 ? 'text-right' : ''}`}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}

const cell = 'py-2 pr-2 text-right';

/** Offers the CSV as a file, made here from the answer on screen. */
function downloadCsv(report: DaySummaryResponse, slug: string): void {
  const { from, to } = report.summary;
  // The byte-order mark lets spreadsheet apps read "×" and accents as UTF-8.
  const blob = new Blob(['\uFEFF', endOfDayCsv(report)], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `end-of-day-${slug}-${from === to ? from : `${from}-to-${to}`}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The owner's end of day: a day (or a range) of the shop's calendar, its totals, sales by hour, and by dish, service and payment. */
export default function EndOfDayView({ shopSlug }: { shopSlug: string }) {
  const state = useStore($endOfDay);
  const zone = useStore($shopZone);
  const today = retailerDate(new Date(), zone);
  const [from, setFrom] = useState(state.from || today);
  const [to, setTo] = useState(state.to || state.from || today);
  const [ranged, setRanged] = useState(state.from !== state.to);
  const until = ranged ? to : from;
  const refusal = reportRangeRefusal(from, until);
  const load = () =>
    refusal === null
      ? staffApi().then(
          (client) => loadEndOfDay(reportCalls(client), from, until),
          () => undefined,
        )
      : Promise.resolve();

  useEffect(() => {
    void load();
    // Each new choice of days loads at once; a refused range waits for a good one.
  }, [from, until]);

  const report = state.report;
  const summary = report?.summary;
  return (
    <SectionView
      title="End of day"
      width="narrow"
      onRefresh={load}
      summary={
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
          <label className={fieldLabel}>
            {ranged ? 'From' : 'Day'}
            <input
              type="date"
              className={`${fieldControl} min-h-11`}
              value={from}
              max={today}
              required
              onChange={(event) => event.target.value && setFrom(event.target.value)}
            />
          </label>
          {ranged && (
            <label className={fieldLabel}>
              To
              <input
                type="date"
                className={`${fieldControl} min-h-11`}
                value={to}
                min={from}
                max={addDays(from, MAX_REPORT_DAYS - 1)}
                required
                aria-invalid={refusal !== null}
                onChange={(event) => event.target.value && setTo(event.target.value)}
              />
            </label>
          )}
          <label className="flex min-h-11 items-center gap-2 font-medium">
            <input
              type="checkbox"
              className="size-5"
              style={{ accentColor: 'var(--tenant-primary)' }}
              checked={ranged}
              onChange={(event) => {
                setRanged(event.target.checked);
                if (event.target.checked && to < from) setTo(from);
              }}
            />
            Several days
          </label>
          {from !== today && (
            <button type="button" className={`${secondaryButton} min-h-11`} onClick={() => setFrom(today)}>
              Today
            </button>
          )}
          {refusal && (
            <p role="alert" className="w-full text-sm font-medium text-primary">
              {refusal}
            </p>
          )}
          <p className="w-full text-sm text-muted-foreground">
            Days and hours on the shop&apos;s clock. Sales are what customers were charged, deals taken off and delivery
            fees in; a dish&apos;s sales are its line prices before deals, and a half-and-half counts as half of each.
          </p>
        </form>
      }
      problem={state.problem}
      loaded={summary !== undefined}
      loadingText="Loading the day…"
      emptyText={null}
    >
      {report && summary && (
        <div aria-busy={state.loading} className={state.loading ? 'opacity-60' : ''}>
          <h2 className="mt-6 text-xl font-semibold" data-report-days>
            {summary.from === summary.to ? summary.from : `${summary.from} to ${summary.to}`}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Figure label="Orders" value={String(summary.totals.orders)} name="orders" />
            <Figure label="Sales" value={formatMoney(summary.totals.salesCents)} name="sales" />
            <Figure label="Average order" value={formatMoney(summary.totals.averageCents)} name="average" />
            <Figure label="Cancelled" value={String(summary.cancelled.orders)} name="cancelled" />
            <Figure label="Tips" value={formatMoney(summary.tips.tipCents)} name="tips" />
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={`${primaryButton} min-h-11`}
              disabled={report.orders.length === 0}
              onClick={() => downloadCsv(report, shopSlug)}
            >
              Download CSV
            </button>
          </div>
          {summary.totals.orders === 0 ? (
            <p className="mt-6 text-muted-foreground">No orders placed on these days.</p>
          ) : (
            <>
              <SalesChart byHour={summary.byHour} />
              <Table caption="By dish" head={['Dish', 'Quantity', 'Sales']}>
                {summary.byDish.map((dish) => (
                  <tr key={dish.dish}>
                    <th scope="row" className="py-2 pr-2 font-normal">
                      {dish.dish}
                    </th>
                    <td className={cell}>{quantityText(dish.quantity)}</td>
                    <td className={cell}>{formatMoney(dish.salesCents)}</td>
                  </tr>
                ))}
              </Table>
              <Table caption="By service" head={['Service', 'Orders', 'Sales']}>
                {summary.byService.map((entry) => (
                  <tr key={entry.service} data-service={entry.service}>
                    <th scope="row" className="py-2 pr-2 font-normal">
                      {SERVICE_TEXT[entry.service]}
                    </th>
                    <td className={cell}>{entry.orders}</td>
                    <td className={cell}>{formatMoney(entry.salesCents)}</td>
                  </tr>
                ))}
              </Table>
              <Table caption="By payment method" head={['Payment', 'Orders', 'Sales']}>
                {summary.byPayment.map((entry) => (
                  <tr key={entry.paymentMethod}>
                    <th scope="row" className="py-2 pr-2 font-normal">
                      {paymentText(entry.paymentMethod)}
                    </th>
                    <td className={cell}>{entry.orders}</td>
                    <td className={cell}>{formatMoney(entry.salesCents)}</td>
                  </tr>
                ))}
              </Table>
              {summary.tips.orders > 0 && (
                <Table caption="Tips by payment method" head={['Payment', 'Orders', 'Tips']}>
                  {summary.tips.byPayment
                    .filter((entry) => entry.orders > 0)
                    .map((entry) => (
                      <tr key={entry.paymentMethod} data-tips={entry.paymentMethod}>
                        <th scope="row" className="py-2 pr-2 font-normal">
                          {paymentText(entry.paymentMethod)}
                        </th>
                        <td className={cell}>{entry.orders}</td>
                        <td className={cell}>{formatMoney(entry.tipCents)}</td>
                      </tr>
                    ))}
                </Table>
              )}
              <Table caption="By hour" head={['Hour', 'Orders', 'Sales']}>
                {summary.byHour
                  .filter((hour) => hour.orders > 0)
                  .map((hour) => (
                    <tr key={hour.hour}>
                      <th scope="row" className="py-2 pr-2 font-normal">
                        {`${String(hour.hour).padStart(2, '0')}:00–${String(hour.hour).padStart(2, '0')}:59`}
                      </th>
                      <td className={cell}>{hour.orders}</td>
                      <td className={cell}>{formatMoney(hour.salesCents)}</td>
                    </tr>
                  ))}
              </Table>
            </>
          )}
        </div>
      )}
    </SectionView>
  );
}
