import type { Kysely } from 'kysely';
import { createSessionStore, type SessionStore } from '../services/sessions.ts';
import { createBoardStore, type BoardStore } from './board.ts';
import { createCustomerStore, type CustomerStore } from './customers.ts';
import { createKitchenSettingsStore, type KitchenSettingsStore } from './kitchen-settings.ts';
import { createLiveStateStore, type LiveStateStore } from './live-state.ts';
import { createOrderStore, type OrderStore } from './orders.ts';
import { createPasswordResetStore, type PasswordResetStore } from './password-resets.ts';
import { createPaymentStore, type PaymentStore } from './payments.ts';
import { createPrinterStore, type PrinterStore } from './printers.ts';
import { createPromoCodeStore, type PromoCodeStore } from './promo-codes.ts';
import type { Database } from './schema.ts';
import { createStaffBookingStore, type StaffBookingStore } from './staff-bookings.ts';
import { createShopEditStore, type ShopEditStore } from './shop-edits.ts';
import { createShopSwitchStore, type ShopSwitchStore } from './shop-switches.ts';
import { createStaffStore, type StaffStore } from './staff.ts';
import { inTransaction } from './transaction.ts';

/** The stores a route's writes go through, all over one connection: the API's database or one transaction of it. */
export interface Stores {
  orders: OrderStore;
  customers: CustomerStore;
  sessions: SessionStore;
  passwordResets: PasswordResetStore;
  staff: StaffStore;
  board: BoardStore;
  bookings: StaffBookingStore;
  liveStates: LiveStateStore;
  shopEdits: ShopEditStore;
  payments: PaymentStore;
  shopSwitches: ShopSwitchStore;
  printers: PrinterStore;
  kitchenSettings: KitchenSettingsStore;
  promoCodes: PromoCodeStore;
}

export function storesOver(db: Kysely<Database>): Stores {
  return {
    orders: createOrderStore(db),
    customers: createCustomerStore(db),
    sessions: createSessionStore(db),
    passwordResets: createPasswordResetStore(db),
    staff: createStaffStore(db),
    board: createBoardStore(db),
    bookings: createStaffBookingStore(db),
    liveStates: createLiveStateStore(db),
    shopEdits: createShopEditStore(db),
    payments: createPaymentStore(db),
    shopSwitches: createShopSwitchStore(db),
    printers: createPrinterStore(db),
    kitchenSettings: createKitchenSettingsStore(db),
    promoCodes: createPromoCodeStore(db),
  };
}

/** Runs `work` in one write transaction of the retailer's data (inTransaction) with the stores over it. */
export function withStores<T>(
  db: Kysely<Database>,
  retailerId: number,
  work: (stores: Stores) => Promise<T>,
): Promise<T> {
  return inTransaction(db, retailerId, (trx) => work(storesOver(trx)));
}
