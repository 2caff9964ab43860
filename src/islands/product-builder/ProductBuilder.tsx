import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { buildCartLine, defaultSelection, MAX_EXTRA_QUANTITY, MAX_LINE_QUANTITY, productChoices, selectionFromLine, selectionProblems, type LineSelection } from '../../lib/cart/line-builder.ts';
import { formatMoney } from '../../lib/pricing/money.ts';
import { $order, addToCart, replaceLine } from '../../stores/order.ts';
import { toastItemAdded } from '../../stores/order-time.ts';
import { $groupAvailability } from '../../stores/group-availability.ts';
import { $catalogue, loadOrderingData } from '../../stores/ordering-data.ts';
import { closeProductBuilder, openCart, type BuilderTarget } from '../../stores/ui.ts';
import { primaryButton } from '../ui/buttons.ts';
import { QuantityStepper } from '../ui/QuantityStepper.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { BuilderPhoto } from './BuilderPhoto.tsx';
import { ExtrasPicker } from './ExtrasPicker.tsx';
import { HalfHalfPicker } from './HalfHalfPicker.tsx';
import { OptionPicker } from './OptionPicker.tsx';

/** Sizes, options, halves, extras and removed ingredients of one product, priced live by the cart's own rules. */
export default function ProductBuilder({ target }: { target: BuilderTarget }) {
  const catalogue = useStore($catalogue);
  const availability = useStore($groupAvailability);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    loadOrderingData().catch(() => setLoadFailed(true));
  }, []);

  const choices = useMemo(() => (catalogue ? productChoices(catalogue, target.productId) : null), [catalogue, target.productId]);
  const editing = target.editUuid ? $order.get().products.find((line) => line.uuid === target.editUuid) : undefined;
  const [selection, setSelection] = useState<LineSelection | null>(null);
  const current = selection ?? (editing ? selectionFromLine(editing) : choices ? defaultSelection(choices) : null);
  const [showProblems, setShowProblems] = useState(false);

  const title = choices?.name ?? editing?.productName ?? 'Loading…';
  if (!catalogue || !choices || !current) {
    const message = loadFailed ? 'The menu could not be loaded. Please check your connection and try again.' : catalogue ? 'This item is no longer on the menu.' : 'Loading the menu…';
    return (
      <Sheet open onClose={closeProductBuilder} title={title}>
        <p className="py-6 text-center text-muted-foreground" role="status">
          {message}
        </p>
      </Sheet>
    );
  }

  const update = (changes: Partial<LineSelection>) => setSelection({ ...current, ...changes });
  const groupName = catalogue.groups.get(choices.productGroupId)?.name ?? choices.name;
  const unavailable = availability?.[choices.productGroupId] === false;
  const problems = [
    ...selectionProblems(choices, current),
    ...(unavailable ? [{ field: 'availability', message: `${groupName} is not available at your order time. Change the time or choose something else` }] : []),
  ];
  const priced = problems.length === 0 ? buildCartLine(catalogue, current, { addedByTrending: target.addedByTrending }) : null;
  const unitCents = priced?.price.unitCents ?? null;

  const submit = () => {
    if (!priced) {
      setShowProblems(true);
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

  const problemFor = (field: string) => (showProblems ? problems.find((problem) => problem.field === field)?.message : undefined);

  return (
    <Sheet
      open
      onClose={closeProductBuilder}
      title={choices.name}
      {...(choices.description ? { description: choices.description } : {})}
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <QuantityStepper value={current.quantity} min={1} max={MAX_LINE_QUANTITY} label="Quantity" onChange={(quantity) => update({ quantity })} />
          <button type="button" className={primaryButton} onClick={submit} data-builder-submit>
            {editing ? 'Update item' : 'Add to cart'}
            {unitCents !== null && <span className="tabular-nums" data-builder-price>{formatMoney(unitCents * current.quantity)}</span>}
          </button>
          {showProblems && problems.length > 0 && (
            <p role="alert" className="w-full text-sm font-medium text-red-700">
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
      <form className="flex flex-col gap-6" onSubmit={(event) => { event.preventDefault(); submit(); }}>
        {choices.sizes.length > 1 && (
          <OptionPicker
            legend="Size"
            name="size"
            value={current.retailerProductSizeId}
            choices={choices.sizes.map((size) => ({ id: size.retailerProductSizeId, name: size.name, note: formatMoney(size.priceCents) }))}
            onChange={(retailerProductSizeId) => update({ retailerProductSizeId })}
            problem={problemFor('size')}
          />
        )}
        {choices.options.map((option) => (
          <OptionPicker
            key={option.retailerProductOptionId}
            legend={option.required ? option.name : `${option.name} (optional)`}
            name={`option-${option.retailerProductOptionId}`}
            value={current.options[option.retailerProductOptionId] ?? null}
            choices={option.choices.map((choice) => ({ id: choice.retailerProductOptionChoiceId, name: choice.name, note: choice.priceCents === 0 ? '' : `+${formatMoney(choice.priceCents)}` }))}
            onChange={(choiceId) => update({ options: { ...current.options, [option.retailerProductOptionId]: choiceId } })}
            {...(option.required ? {} : { onClear: () => update({ options: Object.fromEntries(Object.entries(current.options).filter(([id]) => Number(id) !== option.retailerProductOptionId)) }) })}
            problem={problemFor(`option-${option.retailerProductOptionId}`)}
          />
        ))}
        {choices.halfHalfPartners.length > 0 && (
          <HalfHalfPicker
            productName={choices.name}
            partners={choices.halfHalfPartners}
            sizeId={current.retailerProductSizeId}
            surchargeCents={choices.halfHalfSurchargeCents}
            value={current.secondHalf?.productId ?? null}
            onChange={(productId) => update({ secondHalf: productId === null ? null : { productId, extras: {}, removed: [] } })}
            problem={problemFor('second-half')}
          />
        )}
        <ExtrasPicker
          title={current.secondHalf ? `${choices.name} half` : 'Make it yours'}
          extras={choices.extras}
          ingredients={choices.ingredients}
          half={current}
          maxQuantity={MAX_EXTRA_QUANTITY}
          onChange={(half) => update({ extras: half.extras, removed: half.removed })}
        />
        {current.secondHalf && catalogue && (
          <SecondHalfExtras catalogue={catalogue} selection={current} onChange={(secondHalf) => update({ secondHalf })} />
        )}
      </form>
    </Sheet>
  );
}

function SecondHalfExtras({ catalogue, selection, onChange }: { catalogue: NonNullable<ReturnType<typeof $catalogue.get>>; selection: LineSelection; onChange: (half: NonNullable<LineSelection['secondHalf']>) => void }) {
  const half = selection.secondHalf;
  const partner = half ? productChoices(catalogue, half.productId) : null;
  if (!half || !partner) return null;
  return <ExtrasPicker title={`${partner.name} half`} extras={partner.extras} ingredients={partner.ingredients} half={half} maxQuantity={MAX_EXTRA_QUANTITY} onChange={(changed) => onChange({ ...half, ...changed })} />;
}
