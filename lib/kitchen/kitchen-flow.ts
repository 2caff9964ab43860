/**
 * How a placed order moves through the kitchen (issue 28): New → Accepted (cooking) → Ready →
 * Collected for pickup, or Out for delivery → Delivered. Staff move it one step at a time, and
 * back one step to undo a mis-tap. Shared by the API (which refuses any other move), the console
 * and the customer's order page. Pure: the clock is passed in.
 */

/** `taken` is Accepted: the name the board and the API used before the flow went past Ready. */
/** `declined`: the kitchen would not take a new order (issue 30: one paid online is refunded); no step leads back from it. */
export const kitchenStages = [
  'new',
  'taken',
  'ready',
  'out-for-delivery',
  'collected',
  'delivered',
  'declined',
] as const;
export type KitchenStage = (typeof kitchenStages)[number];
export type KitchenOrderType = 'delivery' | 'pickup';

const FLOWS: Readonly<Record<KitchenOrderType, readonly KitchenStage[]>> = {
  pickup: ['new', 'taken', 'ready', 'collected'],
  delivery: ['new', 'taken', 'ready', 'out-for-delivery', 'delivered'],
};

/** The stages of one kind of order, in order. */
export function kitchenFlow(orderType: KitchenOrderType): readonly KitchenStage[] {
  return FLOWS[orderType];
}

/** Collected, delivered and declined orders leave the board for the Done list. */
export function isCompleted(stage: KitchenStage): boolean {
  return stage === 'collected' || stage === 'delivered' || stage === 'declined';
}

export function nextStage(stage: KitchenStage, orderType: KitchenOrderType): KitchenStage | null {
  const flow = FLOWS[orderType];
  const at = flow.indexOf(stage);
  return at === -1 ? null : (flow[at + 1] ?? null);
}

export function previousStage(stage: KitchenStage, orderType: KitchenOrderType): KitchenStage | null {
  const flow = FLOWS[orderType];
  const at = flow.indexOf(stage);
  return at <= 0 ? null : (flow[at - 1] ?? null);
}

/**
 * What asking to put an order at `target` does. A bump (`undo` false) moves it one step on; an
 * undo one step back. `same` changes nothing and tells nobody: the order is there already (a
 * repeated tap, a retry whose answer was lost) or, for a bump, already past it (a second cook
 * bumping from a board read before the first cook's bump: never taken as an undo). `refused` is
 * anything else: a skipped step, a stage of the other flow, an undo of more than one step.
 */
export type StageMove = 'same' | 'forward' | 'back' | 'refused';

export function stageMove(
  current: KitchenStage,
  target: KitchenStage,
  orderType: KitchenOrderType,
  undo = false,
): StageMove {
  if (current === target) return 'same';
  if (undo) return previousStage(current, orderType) === target ? 'back' : 'refused';
  if (nextStage(current, orderType) === target) return 'forward';
  const flow = FLOWS[orderType];
  return flow.includes(target) && flow.indexOf(target) < flow.indexOf(current) ? 'same' : 'refused';
}

/** The board's button for moving an order on ("bump"). */
export const BUMP_TEXT: Readonly<Record<KitchenStage, string>> = {
  new: 'Accept',
  taken: 'Ready',
  ready: 'Collected',
  'out-for-delivery': 'Delivered',
  collected: '',
  delivered: '',
  declined: '',
};

/** The bump label of an order: Ready's next step depends on the service. */
export function bumpText(stage: KitchenStage, orderType: KitchenOrderType): string | null {
  if (stage === 'ready' && orderType === 'delivery') return 'Out for delivery';
  return nextStage(stage, orderType) === null ? null : BUMP_TEXT[stage];
}

/** The stage in the kitchen's words, on the card's badge. */
export const STAGE_TEXT: Readonly<Record<KitchenStage, string>> = {
  new: 'New',
  taken: 'Cooking',
  ready: 'Ready',
  'out-for-delivery': 'Out for delivery',
  collected: 'Collected',
  delivered: 'Delivered',
  declined: 'Declined',
};

/** The stage as the customer's order page says it. */
export function customerStageText(stage: KitchenStage, orderType: KitchenOrderType): { title: string; text: string } {
  switch (stage) {
    case 'new':
      return { title: 'Order received', text: 'We have your order and will start on it shortly.' };
    case 'taken':
      return { title: 'Being prepared', text: 'The kitchen has your order and is preparing it.' };
    case 'ready':
      return orderType === 'pickup'
        ? { title: 'Ready for pickup', text: 'Your order is ready: come and collect it.' }
        : { title: 'Ready', text: 'Your order is ready and leaves with the driver soon.' };
    case 'out-for-delivery':
      return { title: 'Out for delivery', text: 'Your order is on its way.' };
    case 'collected':
      return { title: 'Collected', text: 'Your order was collected. Enjoy!' };
    case 'delivered':
      return { title: 'Delivered', text: 'Your order was delivered. Enjoy!' };
    case 'declined':
      return {
        title: 'Declined',
        // A payment made online says itself whether it is refunded yet (online-payment.ts): a
        // cash order has nothing to give back.
        text: 'The shop could not take your order. Please call them.',
      };
  }
}

/** Minutes a scheduled order is started before it is due, unless the shop sets its own. */
export const DEFAULT_PREPARATION_MINUTES = 20;
/** Bounds of the shop's own: below five minutes nothing is cooked, past four hours nothing is fresh. */
export const MIN_PREPARATION_MINUTES = 5;
export const MAX_PREPARATION_MINUTES = 240;

export interface QueuedOrder {
  orderNumber: number;
  placedAt: string;
  /** The time asked for; null for "as soon as possible". */
  dueAt: string | null;
  /** The time promised to an ASAP customer (placing time plus the live wait); null on old orders. */
  promisedAt: string | null;
  /** The later time the kitchen promised since, running late (running-late.ts); null or absent when it never did. */
  runningLateUntil?: string | null;
}

/** The time the customer was first told: the time asked for, else the one promised, else the placing time. */
export function firstPromise(order: QueuedOrder): string {
  return order.dueAt ?? order.promisedAt ?? order.placedAt;
}

/** The time the customer is told now: the kitchen's later one once it ran late, else the first. */
export function currentPromise(order: QueuedOrder): string {
  return order.runningLateUntil ?? firstPromise(order);
}

/**
 * When the kitchen should start it: an ASAP order at once, ranked by the time promised (its
 * placing time when none was recorded); an order for later its preparation time before it is due.
 */
export function startAt(order: QueuedOrder, preparationMinutes: number): number {
  if (order.dueAt === null) return Date.parse(order.promisedAt ?? order.placedAt);
  return Date.parse(order.dueAt) - preparationMinutes * 60_000;
}

/** Sooner start first; the lower order number breaks a tie, so two boards show the same queue. */
export function byStartTime<T extends QueuedOrder>(orders: readonly T[], preparationMinutes: number): T[] {
  return [...orders].sort(
    (a, b) => startAt(a, preparationMinutes) - startAt(b, preparationMinutes) || a.orderNumber - b.orderNumber,
  );
}

/** A scheduled order waits out of the queue until its start time; an ASAP order is always in it. */
export function isDueToStart(order: QueuedOrder, preparationMinutes: number, now: Date): boolean {
  return order.dueAt === null || startAt(order, preparationMinutes) <= now.getTime();
}

/**
 * When an accepted order's kitchen tickets print: an order for later at its start time, so the
 * ticket is on the rail when it is cooked rather than lost days before; null (at once) for an ASAP
 * order or one whose start time has come.
 */
export function ticketPrintsAt(order: QueuedOrder, preparationMinutes: number, now: Date): Date | null {
  return isDueToStart(order, preparationMinutes, now) ? null : new Date(startAt(order, preparationMinutes));
}

export type Urgency = 'on-time' | 'soon' | 'late';

/** Minutes of margin under which a card turns amber. */
export const SOON_MINUTES = 5;

/**
 * How the card's timer is coloured: `late` once the time the customer is told now has passed,
 * `soon` within SOON_MINUTES of it, else `on-time`. Minutes are whole, signed (negative: late).
 */
export function urgencyOf(order: QueuedOrder, now: Date): { urgency: Urgency; minutesLeft: number } {
  const target = Date.parse(currentPromise(order));
  const minutesLeft = Math.floor((target - now.getTime()) / 60_000);
  return { urgency: minutesLeft < 0 ? 'late' : minutesLeft < SOON_MINUTES ? 'soon' : 'on-time', minutesLeft };
}
