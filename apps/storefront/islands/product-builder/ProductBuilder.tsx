import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { lineTitle } from '../../../../lib/cart/describe-line.ts';
import {
  buildCartLine,
  builderPrice,
  defaultSelection,
  extrasOnHalf,
  MAX_EXTRA_QUANTITY,
  MAX_LINE_QUANTITY,
  otherHalfPrices,
  productChoices,
  selectionFromLine,
  selectionProblems,
  type LineSelection,
  type SelectionProblem,
} from '../../../../lib/cart/line-builder.ts';
import { halfHalfRuleText, halfHalfSizesText } from '../../../../lib/pricing/half-half.ts';
import { isDishSoldOut, soldOutAt } from '../../../../lib/menu/sold-out.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { $orderTime } from '../../stores/cart.ts';
import { $clockStatus } from '../../stores/clock.ts';
import { $order, addToCart, replaceLine } from '../../stores/order.ts';
import { toastItemAdded } from '../../stores/order-time.ts';
import { $groupAvailability } from '../../stores/group-availability.ts';
import { $catalogue } from '../../stores/ordering-data.ts';
import { needOrderingData } from '../../runtime/page-data.ts';
import { closeProductBuilder, openCart, type BuilderTarget } from '../../stores/ui.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { fieldError } from '../../../../ui/fields.ts';
import { QuantityStepper } from '../../../../ui/QuantityStepper.tsx';
import { Sheet } from '../../../../ui/Sheet.tsx';
import { BuilderPhoto } from './BuilderPhoto.tsx';
import { ExtrasPicker } from './ExtrasPicker.tsx';
import { HalfHalfPicker } from './HalfHalfPicker.tsx';
import { OptionPicker } from './OptionPicker.tsx';

/** Sizes, options, halves, extras and removed ingredients of one product, priced live by the cart's own rules. */
export default function ProductBuilder({ target }: { target: BuilderTarget }) {
  const catalogue = useStore($catalogue);
  const availability = useStore($groupAvailability);
  const clockStatus = useStore($clockStatus);
  const orderTime = useStore($orderTime);
  useEffect(() => {
    needOrderingData('ProductBuilder');
  }, []);

  const choices = useMemo(
    () => (catalogue ? productChoices(catalogue, target.productId) : null),
    [catalogue, target.productId],
  );
  const editing = target.editUuid ? $order.get().products.find((line) => line.uuid === target.editUuid) : undefined;
  const [selection, setSelection] = useState<LineSelection | null>(null);
  const current = selection ?? (editing ? selectionFromLine(editing) : choices ? defaultSelection(choices) : null);
  const [showProblems, setShowProblems] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const loadingTitle = choices?.name ?? (editing ? lineTitle(editing) : 'Loading…');
  if (!catalogue || !choices || !current) {
    const message = catalogue ? 'This item is no longer on the menu.' : 'Loading the menu…';
    return (
      <Sheet open onClose={closeProductBuilder} title={loadingTitle}>
        <p className="py-6 text-center text-muted-foreground" role="status">
          {message}
        </p>
      </Sheet>
    );
  }

  const update = (changes: Partial<LineSelection>) => setSelection({ ...current, ...changes });
  const groupName = catalogue.groups.get(choices.productGroupId)?.name ?? choices.name;
  const unavailable = availability?.[choices.productGroupId] === false;
  // The shop's sold-out marks (operators' console) hold for its trading day: either half sold out is the line sold out.
  const soldOut = soldOutAt(clockStatus, orderTime);
  const secondHalf = choices.halfHalfPartners.find((partner) => partner.productId === current.secondHalf?.productId);
  // Halves are of one group, so the partner's group is the product's.
  const soldOutName = [
    choices,
    ...(secondHalf ? [{ ...secondHalf, productGroupId: choices.productGroupId }] : []),
  ].find((dish) => isDishSoldOut(soldOut, dish))?.name;
  const problems = [
    ...selectionProblems(choices, current),
    ...(unavailable
      ? [
          {
            field: 'availability',
            message: `${groupName} is not available at your order time. Change the time or choose something else`,
          },
        ]
      : []),
    ...(soldOutName !== undefined
      ? [{ field: 'availability', message: `${soldOutName} is sold out for today. Choose something else` }]
      : []),
  ];
  const priced =
    problems.length === 0 ? buildCartLine(catalogue, current, { addedByTrending: target.addedByTrending }) : null;
  const shownPrice = builderPrice(catalogue, choices, current);
  const partner = current.secondHalf
    ? choices.halfHalfPartners.find((candidate) => candidate.productId === current.secondHalf?.productId)
    : undefined;
  const title = lineTitle({ productName: choices.name, secondHalf: partner ? { productName: partner.name } : null });
  const { halfHalfIngredPriceType } = catalogue.retailerInfo;
  const firstHalf = current.secondHalf ? extrasOnHalf(choices, halfHalfIngredPriceType) : choices;

  const submit = () => {
    if (!priced) {
      setShowProblems(true);
      if (formRef.current) bringIntoView(formRef.current, problems);
      return;
    }
    if (editing) {
      replaceLine(editing.uuid, priced.line);
      closeProductBuilder();
      openCart();
      return;
    }
    addToCart(priced.line);
    toastItemAdded();
    closeProductBuilder();
  };

  const problemFor = (field: string) =>
    showProblems ? problems.find((problem) => problem.field === field)?.message : undefined;

  return (
    <Sheet
      open
      onClose={closeProductBuilder}
      title={title}
      {...(choices.description ? { description: choices.description } : {})}
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <QuantityStepper
            value={current.quantity}
            min={1}
            max={MAX_LINE_QUANTITY}
            label="Quantity"
            onChange={(quantity) => update({ quantity })}
          />
          <button
            type="button"
            className={`${primaryButton} min-w-0 grow sm:grow-0`}
            onClick={submit}
            data-builder-submit
            data-price-exact={shownPrice.exact}
          >
            {editing ? 'Update item' : 'Add to cart'} <span aria-hidden="true">·</span>{' '}
            <span className="tabular-nums" data-builder-price>
              {shownPrice.exact ? '' : 'from '}
              {formatMoney(shownPrice.unitCents * current.quantity)}
            </span>
          </button>
          {showProblems && problems.length > 0 && (
            <p role="alert" className={`w-full ${fieldError}`} data-builder-problems>
              {problems.map((problem) => problem.message).join('. ')}.
            </p>
          )}
        </div>
      }
    >
      <BuilderPhoto productId={choices.productId} />
      {unavailable && (
        <p role="status" className="mb-4 rounded-lg bg-muted px-3 py-2 text-sm font-medium" data-builder-unavailable>
          {groupName} is not available at your order time.
        </p>
      )}
      {soldOutName !== undefined && (
        <p role="status" className="mb-4 rounded-lg bg-muted px-3 py-2 text-sm font-medium" data-builder-sold-out>
          {soldOutName} is sold out for today.
        </p>
      )}
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {choices.sizes.length > 1 && (
          <OptionPicker
            legend="Size"
            name="size"
            required
            value={
              choices.sizes.some((size) => size.retailerProductSizeId === current.retailerProductSizeId)
                ? current.retailerProductSizeId
                : null
            }
            choices={choices.sizes.map((size) => ({
              id: size.retailerProductSizeId,
              name: size.name,
              note: formatMoney(size.priceCents),
            }))}
            onChange={(retailerProductSizeId) => update({ retailerProductSizeId })}
            problem={problemFor('size')}
          />
        )}
        {choices.options.map((option) => (
          <OptionPicker
            key={option.retailerProductOptionId}
            legend={option.name}
            name={`option-${option.retailerProductOptionId}`}
            required={option.required}
            value={current.options[option.retailerProductOptionId] ?? null}
            choices={option.choices.map((choice) => ({
              id: choice.retailerProductOptionChoiceId,
              name: choice.name,
              note: choice.priceCents === 0 ? '' : `+${formatMoney(choice.priceCents)}`,
            }))}
            onChange={(choiceId) =>
              update({ options: { ...current.options, [option.retailerProductOptionId]: choiceId } })
            }
            {...(option.required
              ? {}
              : {
                  onClear: () =>
                    update({
                      options: Object.fromEntries(
                        Object.entries(current.options).filter(([id]) => Number(id) !== option.retailerProductOptionId),
                      ),
                    }),
                })}
            problem={problemFor(`option-${option.retailerProductOptionId}`)}
          />
        ))}
        {choices.halfHalfPartners.length > 0 && (
          <HalfHalfPicker
            productName={choices.name}
            partners={choices.halfHalfPartners}
            sizeId={current.retailerProductSizeId}
            halfHalfSizeIds={choices.halfHalfSizeIds}
            sizesText={halfHalfSizesText(choices.sizes, choices.halfHalfSizeIds)}
            limitedSizes={choices.halfHalfSizeIds.length < choices.sizes.length}
            ruleText={halfHalfRuleText(catalogue.retailerInfo.halfHalfPriceType, choices.halfHalfSurchargeCents)}
            prices={otherHalfPrices(catalogue, choices, current)}
            soldOutIds={
              new Set(
                choices.halfHalfPartners
                  .filter((partner) => isDishSoldOut(soldOut, { ...partner, productGroupId: choices.productGroupId }))
                  .map((partner) => partner.productId),
              )
            }
            value={current.secondHalf?.productId ?? null}
            onChange={(productId) =>
              update({ secondHalf: productId === null ? null : { productId, extras: {}, removed: [] } })
            }
            problem={problemFor('second-half')}
          />
        )}
        <ExtrasPicker
          title={current.secondHalf ? `${choices.name} half` : 'Make it yours'}
          note={
            current.secondHalf && halfHalfIngredPriceType === 2
              ? 'Extras and left-off ingredients on a half count at half price.'
              : undefined
          }
          extras={firstHalf.extras}
          ingredients={firstHalf.ingredients}
          half={current}
          maxQuantity={MAX_EXTRA_QUANTITY}
          onChange={(half) => update({ extras: half.extras, removed: half.removed })}
        />
        {current.secondHalf && (
          <SecondHalfExtras
            catalogue={catalogue}
            half={current.secondHalf}
            onChange={(secondHalf) => update({ secondHalf })}
          />
        )}
      </form>
    </Sheet>
  );
}

function SecondHalfExtras({
  catalogue,
  half,
  onChange,
}: {
  catalogue: NonNullable<ReturnType<typeof $catalogue.get>>;
  half: NonNullable<LineSelection['secondHalf']>;
  onChange: (half: NonNullable<LineSelection['secondHalf']>) => void;
}) {
  const partner = productChoices(catalogue, half.productId);
  if (!partner) return null;
  const onHalf = extrasOnHalf(partner, catalogue.retailerInfo.halfHalfIngredPriceType);
  return (
    <ExtrasPicker
      title={`${partner.name} half`}
      extras={onHalf.extras}
      ingredients={onHalf.ingredients}
      half={half}
      maxQuantity={MAX_EXTRA_QUANTITY}
      onChange={(changed) => onChange({ ...half, ...changed })}
    />
  );
}

/** Scrolls the first choice still to make (in the order the customer sees them) into view and puts focus on it. */
function bringIntoView(form: HTMLFormElement, problems: readonly SelectionProblem[]) {
  const fields = new Set(problems.map((problem) => problem.field));
  const field = [...form.querySelectorAll<HTMLElement>('[data-field]')].find((candidate) =>
    fields.has(candidate.dataset['field'] ?? ''),
  );
  if (!field) return;
  const control = field.querySelector<HTMLElement>('input:checked, select, input');
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  field.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  control?.focus({ preventScroll: true });
}
