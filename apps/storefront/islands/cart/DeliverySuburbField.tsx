import { quoteText, type DeliveryQuote } from '../../../../lib/cart/delivery-quote.ts';
import type { DeliverySuburb } from '../../../../lib/tenant/index.ts';
import { setDeliverySuburb } from '../../stores/order.ts';
import { FormField } from '../../../../ui/FormField.tsx';
import { fullWidthControl } from '../../../../ui/fields.ts';

interface Props {
  label: string;
  suburbs: readonly DeliverySuburb[];
  quote: DeliveryQuote;
  error?: string | undefined;
}

/**
 * The customer's delivery suburb with the fee and minimum it brings. The cart and checkout both
 * show it and both write the one suburb of the order, so the fee is the same at every step.
 */
export function DeliverySuburbField({ label, suburbs, quote, error }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <FormField label={label} error={error}>
        {(control) => (
          <select
            {...control}
            className={fullWidthControl}
            data-delivery-suburb
            value={quote.kind === 'suburb' ? quote.suburb.suburbId : ''}
            onChange={(event) => setDeliverySuburb(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">Choose your suburb</option>
            {suburbs.map((suburb) => (
              <option key={suburb.suburbId} value={suburb.suburbId}>
                {suburb.name} {suburb.postcode}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="text-sm text-muted-foreground" data-delivery-terms>
        {quoteText(quote)}
      </p>
    </div>
  );
}
