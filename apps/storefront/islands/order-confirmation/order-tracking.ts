import type { ApiResponse } from '../../../../lib/api/contract.ts';
import {
  confirmationView,
  laterOrderAnswer,
  withKitchenNews,
  type ConfirmationShop,
  type ConfirmationView,
} from '../../../../lib/cart/placed-order.ts';
import { paymentProgress, type PaymentProgress } from '../../../../lib/cart/online-payment.ts';
import type { OrderAnswer } from '../../../../lib/cart/placement.ts';
import { isCompleted } from '../../../../lib/kitchen/kitchen-flow.ts';
import { createMessagingErrorFilter } from '../../../../lib/live/error-filter.ts';
import type { OrderStatusMessage } from '../../../../lib/live/messages.ts';
import type { RuntimeConfig } from '../../../../lib/tenant/settings.ts';
import { reportError } from '../../runtime/error-capture.ts';
import type { LiveMessagingError, OrderWatchOptions, StopLiveMessaging } from '../../../../lib/live/live-messaging.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';

/**
 * The order as the page shows it. `live`: the broker will tell the page the moment the kitchen takes it.
 * `paying`: paid online and not placed, so not yet the kitchen's (awaiting payment, or ended unpaid);
 * `payment` on a shown order: where its online payment stands, null for one paid at the door.
 */
export type TrackedOrder =
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'paying'; payment: PaymentProgress }
  | { kind: 'shown'; view: ConfirmationView; live: boolean; payment: PaymentProgress | null };

type OrderWatch = NonNullable<ApiResponse<'getOrder'>['orderWatch']>;

export interface WatchHandlers {
  onStatus: (status: OrderStatusMessage) => void;
  onSubscribed: () => void;
  onError: (error: LiveMessagingError) => void;
}

export interface TrackingOptions {
  encryptedOrderId: string;
  /** The order's receipt from the address's fragment: without it (or the customer's session) the shop withholds the customer's details. */
  receipt?: string | undefined;
  retailerId: number;
  shop: ConfirmationShop;
  zone: ShopZone;
  onChange: (order: TrackedOrder) => void;
  /** get-order; a 404 means no such order. Defaults to the page's API client. */
  fetchOrder?: (encryptedOrderId: string, receipt: string | undefined) => Promise<OrderAnswer>;
  /** Follows the order on the broker. Defaults to watchOrderStatus over the page's broker, with mqtt.js loaded then. */
  startWatch?: (watch: OrderWatch, handlers: WatchHandlers) => Promise<StopLiveMessaging>;
  now?: () => Date;
}

/** The fallback for a page the broker cannot reach: get-order again this often until the order is collected or delivered. */
export const ORDER_POLL_MS = 15_000;

/** While the payment provider has yet to confirm a payment: its event mostly arrives within seconds of the customer's return. */
export const PAYMENT_POLL_MS = 3_000;

const notFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

async function fetchFromApi(encryptedOrderId: string, receipt: string | undefined): Promise<OrderAnswer> {
  const { retailerApi } = await import('../../runtime/retailer-api.ts');
  return (await retailerApi()).getOrder(encryptedOrderId, receipt);
}

/** Where and how a confirmation page logs in to follow its order: Mosquitto's order-watch listener when the deployment names one, else the shop's broker with the watch key. */
export function orderWatchBroker({
  brokerUrl,
  orderWatchBrokerUrl,
}: Pick<RuntimeConfig, 'brokerUrl' | 'orderWatchBrokerUrl'>): Pick<OrderWatchOptions, 'brokerUrl' | 'login'> {
  return orderWatchBrokerUrl === null
    ? { brokerUrl, login: 'watch-key' }
    : { brokerUrl: orderWatchBrokerUrl, login: 'topic-id' };
}

function watchOverBroker(retailerId: number) {
  return async (watch: OrderWatch, handlers: WatchHandlers): Promise<StopLiveMessaging> => {
    const [{ runtimeConfig }, { watchOrderStatus }] = await Promise.all([
      import('../../runtime/runtime-config.ts'),
      import('../../../../lib/live/live-messaging.ts'),
    ]);
    const config = await runtimeConfig();
    return watchOrderStatus({
      ...orderWatchBroker(config),
      topicPrefix: config.mqttTopicPrefix,
      retailerId,
      watch,
      ...handlers,
    });
  };
}

/**
 * Shows the placed order and keeps it current through the kitchen's steps until it is collected or delivered: at once when the broker
 * says so, else by asking the API every ORDER_POLL_MS. Returns what stops it all.
 */
export function trackOrder(options: TrackingOptions): () => void {
  const fetchOrder = options.fetchOrder ?? fetchFromApi;
  const startWatch = options.startWatch ?? watchOverBroker(options.retailerId);
  const now = options.now ?? (() => new Date());
  const problems = createMessagingErrorFilter();

  let active = true;
  let order: OrderAnswer | null = null;
  let live = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watching: Promise<StopLiveMessaging> | null = null;

  const stopWatching = () => {
    const stopping = watching;
    watching = null;
    live = false;
    void stopping?.then(
      (stop) => stop(),
      () => undefined,
    );
  };

  const show = () => {
    if (!active || !order?.placement) return;
    // Nothing is left to wait for once it is collected or delivered.
    if (isCompleted(order.kitchenStage)) {
      clearTimeout(timer);
      stopWatching();
    }
    options.onChange({
      kind: 'shown',
      view: confirmationView(order, order.placement, order.placementDetails, options.shop, now(), options.zone),
      live,
      payment: paymentProgress(order),
    });
  };

  // A declined order paid online is not over for its customer until the refund is recorded.
  const refundPending = () => order !== null && paymentProgress(order)?.step === 'refunding';

  const schedule = (pollMs = ORDER_POLL_MS) => {
    clearTimeout(timer);
    if (active && (!(order && isCompleted(order.kitchenStage)) || refundPending()))
      timer = setTimeout(() => void load(), pollMs);
  };

  const report = (error: LiveMessagingError) => {
    if (error.kind === 'connection' && live) {
      live = false;
      show();
    }
    if (!problems.shouldLog(error)) return;
    reportError({
      errorType: 'javascript',
      message: error.message,
      component: 'order-confirmation',
      additionalContext: { kind: error.kind, topic: error.topic ?? null },
    });
  };

  const watch = (orderWatch: OrderWatch) => {
    watching = startWatch(orderWatch, {
      onStatus: (news) => {
        if (!active || !order) return;
        order = withKitchenNews(order, news);
        show();
        // The broker's word carries the stage, not the payment: ask for the refund it came with.
        if (refundPending()) void load();
      },
      onSubscribed: () => {
        if (!active) return;
        problems.connected();
        live = true;
        show();
        // What the kitchen did before the page was listening never arrives over the broker.
        void load();
      },
      onError: report,
    });
    watching.catch((error: unknown) =>
      report({
        kind: 'connection',
        message: `Live order status unavailable: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  };

  async function load(): Promise<void> {
    try {
      const answer = await fetchOrder(options.encryptedOrderId, options.receipt);
      if (!active) return;
      if (!answer.placement) {
        const payment = paymentProgress(answer);
        if (!payment) {
          options.onChange({ kind: 'missing' });
          return;
        }
        options.onChange({ kind: 'paying', payment });
        // An ended payment stays ended: a new attempt is a new checkout, and a new page.
        if (payment.step === 'awaiting-payment') schedule(PAYMENT_POLL_MS);
        return;
      }
      order = laterOrderAnswer(order, answer);
      show();
      if (!isCompleted(order.kitchenStage) && answer.orderWatch && !watching) watch(answer.orderWatch);
      schedule();
    } catch (error) {
      if (!active) return;
      if (notFound(error)) {
        options.onChange({ kind: 'missing' });
        return;
      }
      if (!order) options.onChange({ kind: 'failed' });
      schedule();
    }
  }

  void load();
  return () => {
    active = false;
    clearTimeout(timer);
    stopWatching();
  };
}
