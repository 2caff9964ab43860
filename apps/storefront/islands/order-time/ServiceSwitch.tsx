import type { OrderType } from '../../../../lib/cart/schemas.ts';

const services: { value: OrderType; label: string }[] = [
  { value: 'delivery', label: 'Delivery' },
  { value: 'pickup', label: 'Pickup' },
];

/** Delivery or pickup as a two-way toggle; `value` undefined shows neither pressed (before the saved order is read). */
export function ServiceSwitch({
  value,
  onChange,
}: {
  value: OrderType | undefined;
  onChange: (value: OrderType) => void;
}) {
  return (
    <div
      className="inline-flex rounded-full border border-border bg-background p-1"
      role="group"
      aria-label="Delivery or pickup"
    >
      {services.map((service) => (
        <button
          key={service.value}
          type="button"
          aria-pressed={value === service.value}
          data-saved-service={service.value}
          // The page's first-paint script presses the saved service before hydration.
          suppressHydrationWarning
          onClick={() => value !== service.value && onChange(service.value)}
          className="rounded-full px-4 py-1.5 text-sm font-semibold aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          {service.label}
        </button>
      ))}
    </div>
  );
}
