import type { ColumnType, Generated } from 'kysely';
import type { PrinterLanguage, PrintTrigger } from '../../../lib/api/printer-contract.ts';
import type {
  AuditAction,
  BookingStatus,
  LiveService,
  ServiceMode,
  StaffRole,
} from '../../../lib/api/staff-contract.ts';

/**
 * The API's tables as each database returns them: integers as numbers (PostgreSQL's BIGINT is
 * parsed to a number by openStore), flags as 0/1 integers, instants as ISO-8601 text, money in
 * integer cents. Ids the database assigns are Generated: an insert leaves them out.
 */
export interface Database {
  rate_limit_windows: RateLimitWindowsTable;
  clock_overrides: ClockOverridesTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  orders: OrdersTable;
  order_receipts: OrderReceiptsTable;
  order_products: OrderProductsTable;
  order_statuses: OrderStatusesTable;
  order_kitchen_steps: OrderKitchenStepsTable;
  order_late_steps: OrderLateStepsTable;
  mailing_list: MailingListTable;
  error_logs: ErrorLogsTable;
  table_bookings: TableBookingsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  staff_known_clients: StaffKnownClientsTable;
  analytics_hits: AnalyticsHitsTable;
  analytics_site_counts: AnalyticsSiteCountsTable;
  live_services: LiveServicesTable;
  sold_out_items: SoldOutItemsTable;
  sold_out_marks: SoldOutMarksTable;
  shop_drafts: ShopDraftsTable;
  shop_publishes: ShopPublishesTable;
  online_payments: OnlinePaymentsTable;
  payment_events: PaymentEventsTable;
  shop_switches: ShopSwitchesTable;
  kitchen_printers: KitchenPrintersTable;
  print_jobs: PrintJobsTable;
  kitchen_settings: KitchenSettingsTable;
  promo_codes: PromoCodesTable;
  promo_uses: PromoUsesTable;
}

export interface RateLimitWindowsTable {
  limit_key: string;
  hits: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

export interface ClockOverridesTable {
  retailer_id: number;
  override_json: string;
  updated_at: string;
}

export interface CustomersTable {
  customer_id: Generated<number>;
  retailer_id: number;
  email: string;
  full_name: string;
  phone_number: string;
  password_salt: Uint8Array;
  password_hash: Uint8Array;
  created_at: string;
}

export interface SessionsTable {
  token_hash: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  customer_id: number;
  retailer_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OrdersTable {
  order_id: Generated<number>;
  encrypted_order_id: string;
  retailer_id: number;
  idempotency_key: string | null;
  customer_id: number | null;
  processed_at: string | null;
  is_pickup: number;
  order_for_later: number;
  order_for_later_request_date_time: string | null;
  closed_date: number;
  extra_order_notes: string;
  create_date: string;
  current_order_status_type_id: number;
  last_order_status_update: string;
  historic_delivery_fee_cents: number;
  historic_delivery_wait_time: number;
  sub_total_cents: number;
  order_platform_source_id: number;
  source: string;
  created_at: string;
  updated_at: string;
  discount_cents: Generated<number>;
  placed_at: string | null;
  placement_json: string | null;
  order_number: number | null;
  watch_key: string | null;
  revision: Generated<number>;
  /** When the kitchen marked it ready (after taking it); null before. */
  ready_at: Generated<string | null>;
  /** Where it is in the kitchen's flow (migrations/0011, lib/kitchen/kitchen-flow.ts). */
  kitchen_stage: Generated<string>;
  /** The later time the kitchen promised, running late (migrations/0015); null when it never did. */
  running_late_until: Generated<string | null>;
  /** When the API accepted it by itself, the shop's auto-accept on (migrations/0019); null otherwise. */
  auto_accepted_at: Generated<string | null>;
  /** The kitchen's slot it counts in, ISO (migrations/0020, lib/kitchen/capacity.ts); null before it is placed. */
  slot_at: Generated<string | null>;
  /** Its counted pizzas in that slot, as counted when it was placed. */
  slot_items: Generated<number>;
}

/** Each time the kitchen pushed an order's promised time out (migrations/0015). */
export interface OrderLateStepsTable {
  step_id: Generated<number>;
  retailer_id: number;
  order_id: number;
  from_at: string;
  to_at: string;
  minutes: number;
  staff_name: string;
  at: string;
}

/** Each move of an order through the kitchen's flow, undos included (migrations/0011). */
export interface OrderKitchenStepsTable {
  step_id: Generated<number>;
  retailer_id: number;
  order_id: number;
  from_stage: string;
  to_stage: string;
  undo: number;
  staff_name: string;
  at: string;
}

/** Each receipt place-order handed out, as its sha256 digest (migrations/0004). */
export interface OrderReceiptsTable {
  receipt_id: Generated<number>;
  receipt_digest: string;
  order_id: number;
  issued_at: string;
}

export interface OrderProductsTable {
  order_product_id: Generated<number>;
  order_id: number;
  retailer_id: number;
  uuid: string;
  position: number;
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  line_json: string;
}

export interface OrderStatusesTable {
  order_status_id: Generated<number>;
  retailer_id: number;
  order_id: number | null;
  order_status_type_id: number;
  notes: string;
  timestamp: string;
  received_at: string;
  idempotency_key: string | null;
}

export interface MailingListTable {
  retailer_id: number;
  email: string;
  name: string | null;
  created_at: string;
}

export interface ErrorLogsTable {
  error_log_id: Generated<number>;
  retailer_id: number;
  error_type: string;
  message: string;
  entry_json: string;
  received_at: string;
}

export interface TableBookingsTable {
  booking_id: Generated<number>;
  retailer_id: number;
  name: string;
  phone: string;
  party_size: number;
  date_time: string;
  notes: string;
  created_at: string;
  slot_at: string | null;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  decided_by: string | null;
  decided_at: string | null;
}

export interface StaffAccountsTable {
  staff_id: Generated<number>;
  retailer_id: number;
  /** Lower-cased; unique per retailer. */
  email: string;
  name: string;
  role: StaffRole;
  password_salt: Uint8Array;
  password_hash: Uint8Array;
  created_at: string;
  /** Set while the account may not sign in (migrations/0012). */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  retailer_id: number;
  created_at: string;
  expires_at: string;
}

/** A device (its token) or an address the account signed in from, as a digest (migrations/0011). */
export interface StaffKnownClientsTable {
  staff_id: number;
  client_digest: string;
  last_sign_in_at: string;
}

export interface StaffAuditTable {
  audit_id: Generated<number>;
  retailer_id: number;
  staff_id: number | null;
  staff_name: string;
  action: AuditAction;
  subject: string;
  at: string;
}

/** The local analytics sink's latest hits, the ring the operator reads; hit_id is the order they arrived in. */
export interface AnalyticsHitsTable {
  hit_id: Generated<number>;
  at: string;
  site_id: number;
  kind: 'page-view' | 'link';
  url: string;
  title: string | null;
  link: string | null;
  visitor_id: string | null;
}

export interface AnalyticsSiteCountsTable {
  site_id: number;
  hits: number;
}

/** A service as the shop's staff last set it (migrations/0007); `until` ends busy or paused by itself. */
export interface LiveServicesTable {
  retailer_id: number;
  service: LiveService;
  wait_minutes: number;
  mode: ServiceMode;
  until: string | null;
  updated_at: string;
}

/** A dish (`product`) or product group sold out until the end of the trading day it was marked in. */
export interface SoldOutItemsTable {
  retailer_id: number;
  kind: 'product' | 'group';
  item_id: number;
  until: string;
  marked_at: string;
}

/** A retailer's unpublished edits and the revision every console write is checked against (no row: revision 0, no draft). */
export interface ShopDraftsTable {
  retailer_id: number;
  revision: number;
  /** DishPrice[] as JSON: each price that differs from the published one. */
  prices_json: string;
  /** ShopPartsDraft as JSON: the value of each part the draft changes. */
  parts_json: Generated<string>;
  updated_at: string;
}

/** Each publish: what it changed, so Undo publish can put the previous prices back. */
export interface ShopPublishesTable {
  publish_id: Generated<number>;
  retailer_id: number;
  staff_name: string;
  at: string;
  /** ShopChange[] as JSON (dish, size, from and to cents). */
  changes_json: string;
  /** PublishedPart[] as JSON: each part it changed, in words and its value before, for Undo publish. */
  parts_json: Generated<string>;
  /** When Undo publish took it back; null while it is the shop's current state. */
  undone_at: string | null;
}

/** One attempt to pay an order online (issue 30): the placement waits here until the provider says it is paid. */
export interface OnlinePaymentsTable {
  payment_id: Generated<number>;
  retailer_id: number;
  order_id: number;
  attempt: number;
  state: 'awaiting-payment' | 'paid' | 'expired' | 'failed';
  amount_cents: number;
  /** ISO 4217, lower case, as the provider writes it. */
  currency: string;
  /** The Placement without its order number, which it gets when paid. */
  placement_json: string;
  checkout_session_id: string | null;
  checkout_url: string | null;
  payment_intent_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  refund_id: string | null;
  refund_reason: string | null;
  refunded_cents: number | null;
  refunded_at: string | null;
  /** The kitchen's slot the order holds room in while awaiting payment (migrations/0020), its pizzas, and whether pickup. */
  slot_at: Generated<string | null>;
  slot_items: Generated<number>;
  slot_pickup: Generated<number>;
}

/** Every provider event taken, by id, so a redelivered or replayed one changes nothing. */
export interface PaymentEventsTable {
  retailer_id: number;
  event_id: string;
  event_type: string;
  payment_id: number | null;
  /** What it did: paid, expired, ignored and why. */
  outcome: string;
  received_at: string;
}

/** Each time a dish or group was marked sold out, kept after it is back on (migrations/0016). */
export interface SoldOutMarksTable {
  mark_id: Generated<number>;
  retailer_id: number;
  kind: 'product' | 'group';
  item_id: number;
  at: string;
}

export interface ShopSwitchesTable {
  switch_id: Generated<number>;
  retailer_id: number;
  /** The tenant folder the files are written into. */
  slug: string;
  /** Record<file name, its whole new text> as JSON. */
  files_json: string;
  created_at: string;
  /** When every file was written; null while the switch is pending. */
  done_at: string | null;
}

export interface KitchenPrintersTable {
  printer_id: Generated<number>;
  retailer_id: number;
  name: string;
  connection: 'tcp' | 'cloudprnt';
  host: string | null;
  port: number | null;
  language: PrinterLanguage;
  /** JSON array of product group ids; empty for the station that takes what no other does. */
  product_group_ids: string;
  print_on: PrintTrigger;
  /** SHA-256 of a CloudPRNT printer's token; null for a TCP printer. */
  token_digest: string | null;
  last_poll_at: string | null;
  created_at: string;
}

/** `queued` until a printer has it (`sent`), or until its attempts ran out (`failed`). */
export type PrintJobStatus = 'queued' | 'sent' | 'failed';

export interface PrintJobsTable {
  job_id: Generated<number>;
  retailer_id: number;
  printer_id: number;
  order_number: number;
  /** The ticket in ReceiptLine's markup, encoded for the printer's language when sent. */
  document: string;
  status: PrintJobStatus;
  attempts: Generated<number>;
  last_error: string | null;
  /** While an API process is sending it: another leaves it alone until then (or until that process dies). */
  claimed_until: string | null;
  created_at: string;
  finished_at: string | null;
  /** An order for later's ticket is handed to no printer before its start time (migrations/0022); null: at once. */
  not_before: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A shop's kitchen settings kept by the API (migrations/0019); no row reads as all off. */
export interface KitchenSettingsTable {
  retailer_id: number;
  /** 1: the API accepts each new order as it arrives (once paid, for one paid online). */
  auto_accept: number;
  updated_at: string;
}

export interface PromoCodesTable {
  retailer_id: number;
  /** As customers type it, in capitals (lib/cart/promo.ts). */
  code: string;
  /** The code's terms as JSON (promoCodeSchema). */
  terms: string;
  updated_at: string;
}

export interface PromoUsesTable {
  retailer_id: number;
  code: string;
  /** One code per order. */
  order_id: number;
  /** The customer's phone digits and lower-case email: one use per customer counts either. */
  phone_key: string;
  email_key: string;
  used_at: string;
}
