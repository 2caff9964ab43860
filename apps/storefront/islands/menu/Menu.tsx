import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { allergenLabels } from '../../../../lib/site/allergens.ts';
import { filterMenu } from '../../../../lib/site/filter-menu.ts';
import type { MenuGroup, MenuProduct } from '../../../../lib/site/menu.ts';
import { currentSection, scrollToShow } from '../../../../lib/site/section-nav.ts';
import { allergenFlags } from '../../../../lib/tenant/allergens.ts';
import {
  $menuFilters,
  clearMenuFilters,
  setMenuSearch,
  setSortType,
  toggleAllergen,
  type SortType,
} from '../../stores/menu-filters.ts';
import { useLazyStore } from '../ordering/use-lazy-store.ts';
import { WithPhoto } from '../../../../ui/ProductPhoto.tsx';
import { withIslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  groups: MenuGroup[];
  layout: number;
}

const groupAnchor = (group: Pick<MenuGroup, 'productGroupId'>) => `group-${group.productGroupId}`;

const loadGroupServedTexts = () =>
  import('../../stores/group-availability.ts').then((module) => module.$groupServedTexts);

function Allergens({ product }: { product: MenuProduct }) {
  if (product.allergens.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Dietary information">
      {product.allergens.map((flag) => (
        <li
          key={flag}
          title={allergenLabels[flag].label}
          className="rounded bg-secondary px-1.5 py-0.5 text-[0.7rem] font-semibold text-secondary-foreground"
        >
          <abbr title={allergenLabels[flag].label} className="no-underline">
            {allergenLabels[flag].badge}
          </abbr>
        </li>
      ))}
    </ul>
  );
}

function Prices({ product }: { product: MenuProduct }) {
  if (product.sizes.length <= 1) return <p className="font-semibold">{formatMoney(product.fromPriceCents)}</p>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {product.sizes.map((size) => (
        <li key={size.retailerProductSizeId}>
          <span className="text-muted-foreground">{size.name}</span>{' '}
          <span className="font-semibold">{formatMoney(size.priceCents)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A plain link: before the ordering shell runs, `?product=` opens the builder after a reload;
 * afterwards the shell's one click handler opens it at once, whether or not the menu has hydrated.
 */
function AddButton({ product, compact = false }: { product: MenuProduct; compact?: boolean }) {
  return (
    <a
      href={`?product=${product.productId}`}
      data-open-product={product.productId}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${compact ? 'px-3 py-1 text-sm' : 'px-4 py-1.5 text-sm'}`}
      data-add-product={product.productId}
    >
      Add<span className="sr-only"> {product.name}</span>
    </a>
  );
}

/** Shown in place of Add by the sold-out style (lib/menu/sold-out.ts) while the shop has none left today. */
function SoldOutBadge({ compact = false }: { compact?: boolean }) {
  return (
    <span
      className={`hidden shrink-0 items-center rounded-full bg-muted font-semibold text-muted-foreground ${compact ? 'px-3 py-1 text-sm' : 'px-4 py-1.5 text-sm'}`}
      data-sold-out-badge
    >
      Sold out today
    </span>
  );
}

/** In place of Add while the dish's group is not served at the order time: when it is. */
function ServedLater({ text, compact = false }: { text: string; compact?: boolean }) {
  return (
    <span
      className={`inline-flex min-w-0 items-center rounded-2xl bg-muted text-right font-semibold text-muted-foreground ${compact ? 'px-3 py-1 text-sm' : 'px-4 py-1.5 text-sm'}`}
      data-served-later
    >
      {text}
    </span>
  );
}

function ProductCard({
  product,
  layout,
  servedText,
}: {
  product: MenuProduct;
  layout: number;
  /** Set while the dish's group is not served at the order time. */
  servedText?: string | undefined;
}) {
  if (layout === 4) {
    return (
      <li className="py-3" data-product-id={product.productId}>
        <WithPhoto photo={product.photo} shape="row">
          <div className="flex items-baseline gap-2">
            <h4 className="font-semibold">{product.name}</h4>
            <span aria-hidden="true" className="flex-1 border-b border-dotted border-border" />
            <span className="font-semibold whitespace-nowrap">
              {product.sizes.length > 1
                ? `from ${formatMoney(product.fromPriceCents)}`
                : formatMoney(product.fromPriceCents)}
            </span>
            {servedText === undefined ? (
              <AddButton product={product} compact />
            ) : (
              <ServedLater text={servedText} compact />
            )}
            <SoldOutBadge compact />
          </div>
          {product.description && <p className="mt-1 text-sm text-muted-foreground">{product.description}</p>}
          <Allergens product={product} />
        </WithPhoto>
      </li>
    );
  }
  return (
    <li
      data-product-id={product.productId}
      className={
        layout === 3
          ? 'flex flex-col gap-2 overflow-hidden rounded-2xl border border-border bg-background p-5 shadow-sm border-t-4 border-t-primary'
          : 'flex flex-col gap-2 rounded-xl border border-border bg-background p-4'
      }
    >
      <WithPhoto photo={product.photo} shape="card">
        <div className="flex items-start justify-between gap-3">
          <h4 className="text-base font-semibold leading-snug">{product.name}</h4>
          {product.isHalfHalf && (
            <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              Half &amp; half
            </span>
          )}
        </div>
        {product.description && <p className="text-sm text-muted-foreground">{product.description}</p>}
        <Allergens product={product} />
      </WithPhoto>
      <div className="mt-auto flex items-end justify-between gap-3 pt-1">
        <Prices product={product} />
        {servedText === undefined ? <AddButton product={product} /> : <ServedLater text={servedText} />}
        <SoldOutBadge />
      </div>
    </li>
  );
}

/** A section is being read once its heading is in the top third of the screen, or at least where a section link lands it (its scroll margin). */
const READING_LINE_SHARE = 1 / 3;
const READING_LINE_SLACK_PX = 8;
/** Room kept between the current group's link and the edge of its row. */
const LINK_MARGIN_PX = 16;

// The border is always there, only coloured once stuck, so sticking moves nothing.
const navClass = {
  sidebar:
    'sticky top-0 z-20 -mx-4 border-b border-transparent bg-background py-2 data-stuck:border-border data-stuck:shadow-sm md:top-4 md:mx-0 md:self-start md:border-0 md:bg-transparent md:py-0',
  chips:
    'sticky top-0 z-20 -mx-4 border-b border-transparent bg-background py-2 data-stuck:border-border data-stuck:shadow-sm',
};
const rowClass = 'strip-fade relative flex gap-2 overflow-x-auto px-4 [scrollbar-width:none] motion-safe:scroll-smooth';
const linkClass = {
  sidebar:
    'block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium hover:bg-secondary hover:text-secondary-foreground aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground md:rounded-lg',
  chips:
    'block whitespace-nowrap rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-secondary hover:text-secondary-foreground aria-[current=true]:border-primary aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground',
};

/**
 * The product groups, stuck under the top of the screen while the menu scrolls by: the group
 * being read is marked current, and the row scrolls itself to keep that group's link in sight.
 */
function GroupNav({ groups, shown, layout }: { groups: MenuGroup[]; shown: number[]; layout: number }) {
  const [current, setCurrent] = useState<number | null>(null);
  const [productGroupsStuck, setProductGroupsStuck] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const row = useRef<HTMLUListElement>(null);
  const shownKey = shown.join();

  useEffect(() => {
    let frame = 0;
    const follow = () => {
      frame = 0;
      const sections = shown
        .map((productGroupId) => document.getElementById(groupAnchor({ productGroupId })))
        .filter((section) => section !== null);
      const first = sections[0];
      const bar = nav.current;
      if (!first || !bar) return;
      const root = document.documentElement;
      const index = currentSection({
        tops: sections.map((section) => section.getBoundingClientRect().top),
        line: Math.max(
          parseFloat(getComputedStyle(first).scrollMarginTop) + READING_LINE_SLACK_PX,
          window.innerHeight * READING_LINE_SHARE,
        ),
        viewportHeight: window.innerHeight,
        atBottom: window.scrollY + window.innerHeight >= root.scrollHeight - 2,
      });
      setCurrent(index < 0 ? null : (shown[index] ?? null));
      setProductGroupsStuck(window.scrollY > 0 && bar.getBoundingClientRect().top < 1);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(follow);
    };
    follow();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [shownKey]);

  useEffect(() => {
    const list = row.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !link) return;
    // The chips scroll sideways; layout 2's sidebar on wider screens scrolls down, when it is taller than the screen.
    const sideways = list.scrollWidth > list.clientWidth;
    if (!sideways && list.scrollHeight <= list.clientHeight) return;
    const target = sideways
      ? scrollToShow({
          itemStart: link.offsetLeft,
          itemSize: link.offsetWidth,
          scrolled: list.scrollLeft,
          visibleSize: list.clientWidth,
          margin: LINK_MARGIN_PX,
        })
      : scrollToShow({
          itemStart: link.offsetTop,
          itemSize: link.offsetHeight,
          scrolled: list.scrollTop,
          visibleSize: list.clientHeight,
          margin: LINK_MARGIN_PX,
        });
    if (target !== null) list.scrollTo(sideways ? { left: target } : { top: target });
  }, [current]);

  const sidebar = layout === 2;
  return (
    <nav
      ref={nav}
      aria-label="Menu sections"
      data-stuck={productGroupsStuck || undefined}
      className={sidebar ? navClass.sidebar : navClass.chips}
    >
      <ul
        ref={row}
        className={
          sidebar
            ? `${rowClass} md:max-h-[calc(100dvh-2rem)] md:flex-col md:gap-1 md:overflow-y-auto md:px-0 md:[mask-image:none]`
            : rowClass
        }
      >
        {groups.map((group) => (
          <li key={group.productGroupId} className="shrink-0">
            <a
              href={`#${groupAnchor(group)}`}
              aria-current={current === group.productGroupId ? 'true' : undefined}
              className={sidebar ? linkClass.sidebar : linkClass.chips}
            >
              {group.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const gridClass: Record<number, string> = {
  1: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
  2: 'grid gap-3 md:grid-cols-2',
  3: 'grid gap-5 md:grid-cols-2',
  4: 'divide-y divide-border',
};

/** The menu with search, dietary filters and sorting. Server-rendered, so it reads fully without JavaScript. */
function Menu({ groups, layout }: Props) {
  const filters = useStore($menuFilters);
  const servedTexts = useLazyStore(loadGroupServedTexts);
  const visible = useMemo(() => filterMenu(groups, filters), [groups, filters]);
  const filtered = filters.search.trim() !== '' || filters.allergens.length > 0;
  const searchBox = useRef<HTMLInputElement>(null);
  // The island hydrates on the first tap, and a quick customer may type before it has: take over what they typed.
  useEffect(() => {
    const typed = searchBox.current?.value ?? '';
    if (typed !== $menuFilters.get().search) setMenuSearch(typed);
  }, []);

  return (
    <div
      className={layout === 2 ? 'flex flex-col gap-6 md:grid md:grid-cols-[12rem_1fr] md:gap-8' : 'flex flex-col gap-6'}
    >
      <GroupNav groups={groups} shown={visible.map((group) => group.productGroupId)} layout={layout} />

      <div className="flex min-w-0 flex-col gap-8">
        <form
          role="search"
          className="flex flex-col gap-3 rounded-xl bg-muted p-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex min-w-48 flex-1 items-center gap-2">
              <span className="sr-only">Search the menu</span>
              <input
                ref={searchBox}
                type="search"
                value={filters.search}
                onChange={(event) => setMenuSearch(event.target.value)}
                placeholder="Search the menu"
                className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm"
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              Sort
              <select
                value={filters.sortType}
                onChange={(event) => setSortType(event.target.value as SortType)}
                className="rounded-lg border border-border bg-background px-2 py-2"
              >
                <option value="menu">As on the menu</option>
                <option value="price">Price, low to high</option>
                <option value="alphabetical">Name, A to Z</option>
              </select>
            </label>
          </div>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Dietary filters</legend>
            {allergenFlags
              .filter((flag) => flag !== 'containsNuts' && flag !== 'isSpicy')
              .map((flag) => (
                <label
                  key={flag}
                  className="flex cursor-pointer items-center gap-1.5 rounded-full border border-border bg-background px-3 py-1 text-sm has-[:checked]:bg-primary has-[:checked]:text-primary-foreground"
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={filters.allergens.includes(flag)}
                    onChange={() => toggleAllergen(flag)}
                  />
                  {allergenLabels[flag].label}
                </label>
              ))}
          </fieldset>
        </form>

        {visible.length === 0 && (
          <p className="rounded-xl border border-dashed border-border p-6 text-center">
            Nothing on the menu matches.{' '}
            <button type="button" className="font-semibold text-primary underline" onClick={clearMenuFilters}>
              Clear filters
            </button>
          </p>
        )}
        {filtered && visible.length > 0 && (
          <p className="sr-only" role="status">
            {visible.reduce((count, group) => count + group.products.length, 0)} dishes match
          </p>
        )}

        {visible.map((group) => (
          <section
            key={group.productGroupId}
            id={groupAnchor(group)}
            aria-labelledby={`${groupAnchor(group)}-title`}
            className={`scroll-mt-16 ${layout === 2 ? 'md:scroll-mt-4' : ''}`}
          >
            <h3 id={`${groupAnchor(group)}-title`} className="text-2xl font-bold tracking-tight">
              {group.name}
            </h3>
            {group.description && <p className="mt-1 text-muted-foreground">{group.description}</p>}
            {group.hoursText.length > 0 && (
              <p className="mt-1 text-sm font-medium">Available: {group.hoursText.join(' · ')}</p>
            )}
            {servedTexts?.[group.productGroupId] !== undefined && (
              <p className="mt-1 text-sm font-semibold text-muted-foreground" data-group-unavailable>
                Not available at your order time · {servedTexts[group.productGroupId]}
              </p>
            )}
            {group.allowHalfHalf && (
              <p className="mt-1 text-sm text-muted-foreground">
                Any two can be made half &amp; half{group.halfHalfSizes ? ` in ${group.halfHalfSizes}` : ''}
                {group.halfHalfSurchargeCents > 0 ? ` (+${formatMoney(group.halfHalfSurchargeCents)})` : ''}.
              </p>
            )}
            <ul className={`mt-4 ${gridClass[layout] ?? gridClass[2]}`}>
              {group.products.map((product) => (
                <ProductCard
                  key={product.productId}
                  product={product}
                  layout={layout}
                  servedText={servedTexts?.[group.productGroupId]}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

export default withIslandBoundary(Menu, 'Menu');
