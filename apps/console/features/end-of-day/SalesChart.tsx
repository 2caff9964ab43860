import { useEffect, useRef, useState } from 'react';
import type { DaySummary } from '../../../../lib/kitchen/day-summary.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';

const CHART_HEIGHT = 200;

/** Whether the page is dark: the console's moon button toggles a class, which media queries do not see. */
function useDarkClass(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setDark(root.classList.contains('dark')));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

/**
 * Sales by hour of the shop's clock as bars (uPlot, fetched when this view first draws: the
 * sign-in page and the board carry none of it). The hourly table under it says the same in words
 * for screen readers, so the canvas is hidden from them.
 */
export function SalesChart({ byHour }: { byHour: DaySummary['byHour'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const dark = useDarkClass();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let disposed = false;
    let dispose = () => {};
    import('uplot')
      .then(async ({ default: uPlot }) => {
        // As text put in the head here: a stylesheet import would be hoisted into the sign-in page's links.
        const { default: css } = await import('uplot/dist/uPlot.min.css?inline');
        if (!document.head.querySelector('style[data-uplot]')) {
          const sheet = document.createElement('style');
          sheet.dataset['uplot'] = '';
          sheet.textContent = css;
          document.head.append(sheet);
        }
        if (disposed) return;
        // Canvas takes no CSS variables: the theme's colours are read off the page, light or dark.
        const style = getComputedStyle(element);
        const bar = style.getPropertyValue('color');
        const ink = getComputedStyle(element.parentElement ?? element).getPropertyValue('color');
        const grid = style.getPropertyValue('border-top-color');
        const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
        const width = () => Math.max(200, element.clientWidth);
        const chart = new uPlot(
          {
            width: width(),
            height: CHART_HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            scales: { x: { time: false, range: [-0.5, 23.5] } },
            axes: [
              {
                stroke: ink,
                grid: { show: false },
                ticks: { stroke: grid },
                // Eight labels crowd a phone's width into one another.
                splits: (self) => (self.width < 500 ? [0, 6, 12, 18] : [0, 3, 6, 9, 12, 15, 18, 21]),
                values: (_, splits) => splits.map((hour) => `${hour}:00`),
              },
              {
                stroke: ink,
                grid: { stroke: grid, width: 1 },
                ticks: { show: false },
                size: 60,
                values: (_, splits) => splits.map((cents) => formatMoney(Math.round(cents))),
              },
            ],
            series: [
              {},
              {
                label: 'Sales',
                fill: bar,
                stroke: bar,
                ...(bars ? { paths: bars } : {}),
                points: { show: false },
              },
            ],
          },
          // An hour without sales draws nothing rather than a flat stroke along the axis.
          [
            byHour.map((entry) => entry.hour),
            byHour.map((entry) => (entry.salesCents === 0 ? null : entry.salesCents)),
          ],
          element,
        );
        const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: CHART_HEIGHT }));
        resize.observe(element);
        dispose = () => {
          resize.disconnect();
          chart.destroy();
        };
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      dispose();
    };
  }, [byHour, dark]);

  return (
    <figure className="mt-4 rounded-2xl border border-border p-3 text-foreground">
      <figcaption className="text-sm font-semibold">Sales by hour</figcaption>
      <div
        ref={box}
        aria-hidden="true"
        className="mt-2 w-full border-border text-primary"
        style={{ minHeight: CHART_HEIGHT }}
        data-sales-chart
      />
      {failed && (
        <p className="text-sm text-muted-foreground">The chart could not load; the tables below have the figures.</p>
      )}
    </figure>
  );
}
