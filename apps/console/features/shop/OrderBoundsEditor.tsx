import { useState } from 'react';
import { ORDER_BOUND_CENTS, ORDER_BOUND_ITEMS } from '../../../../lib/constants.ts';
import { formatMoney } from '../../../../lib/pricing/money.ts';
import { itemsText, orderBoundsValueSchema, type OrderBoundsValue } from '../../../../lib/shop/parts/order-bounds.ts';
import type { PartEditorProps } from '../../../../lib/shop/parts/part.ts';
import { parsePriceInput, priceInputText } from '../../../../lib/shop/price-input.ts';
import { InputField } from './InputField.tsx';

type Field = keyof OrderBoundsValue;

const fields: Record<
  Field,
  {
    label: string;
    read: (text: string) => number | null;
    text: (value: number) => string;
    problem: (typed: string) => string;
  }
> = {
  maxOrderCents: {
    label: 'Largest order ($)',
    read: (text) => parsePriceInput(text, ORDER_BOUND_CENTS.max),
    text: priceInputText,
    problem: (typed) =>
      `"${typed}" is not a largest order. Type dollars from ${priceInputText(ORDER_BOUND_CENTS.min)} to ${priceInputText(ORDER_BOUND_CENTS.max)}.`,
  },
  maxOrderItems: {
    label: 'Most items in an order',
    read: (text) => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : null),
    text: String,
    problem: (typed) =>
      `"${typed}" is not a number of items. Type whole items from ${ORDER_BOUND_ITEMS.min} to ${ORDER_BOUND_ITEMS.max}.`,
  },
};

/** One field's typed text as its part of the bounds, or null while it is no value within them. */
export function readBound(field: Field, text: string, value: OrderBoundsValue): number | null {
  const read = fields[field].read(text);
  if (read === null) return null;
  return orderBoundsValueSchema.safeParse({ ...value, [field]: read }).success ? read : null;
}

/**
 * The largest order a customer may place online, in dollars and in items: a larger cart is
 * refused before checkout and by place-order, with a sentence that asks the customer to call the shop.
 */
export default function OrderBoundsEditor({ value, published, onChange, disabled }: PartEditorProps<OrderBoundsValue>) {
  const [typed, setTyped] = useState<Partial<Record<Field, string>>>({});
  // Typed text stays while it is no value yet or is the draft's; a reset from outside shows the draft.
  const shown = (field: Field) => {
    const text = typed[field];
    return text !== undefined && [null, value[field]].includes(readBound(field, text, value))
      ? text
      : fields[field].text(value[field]);
  };
  const problemOf = (field: Field, text: string) =>
    readBound(field, text, value) === null ? fields[field].problem(text) : undefined;
  const problems = (next: Partial<Record<Field, string>>) =>
    (Object.keys(fields) as Field[]).flatMap((field) => {
      const text = next[field];
      const problem = text === undefined ? undefined : problemOf(field, text);
      return problem ? [problem] : [];
    });

  const type = (field: Field, text: string) => {
    const next = { ...typed, [field]: text };
    setTyped(next);
    const read = readBound(field, text, value);
    onChange(read === null ? value : { ...value, [field]: read }, problems(next));
  };

  return (
    <div className="flex max-w-sm flex-col gap-3" data-order-bounds>
      <p className="text-sm text-muted-foreground">
        A larger order is refused online with a sentence that asks the customer to call the shop. Published: up to{' '}
        {formatMoney(published.maxOrderCents)} and {itemsText(published.maxOrderItems)}.
      </p>
      {(Object.keys(fields) as Field[]).map((field) => (
        <InputField
          key={field}
          label={fields[field].label}
          inputMode={field === 'maxOrderCents' ? 'decimal' : 'numeric'}
          value={shown(field)}
          disabled={disabled}
          error={problemOf(field, shown(field))}
          onChange={(text) => type(field, text)}
        />
      ))}
    </div>
  );
}
