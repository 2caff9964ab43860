import type { DatabaseSync } from 'node:sqlite';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The schema's history, applied in order and recorded in `schema_migrations`. Append only: a
 * shipped migration is never edited, a change is a new entry. Money is integer cents, instants
 * are ISO-8601 text.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'customers and sessions',
    sql: `
      CREATE TABLE customers (
        customer_id INTEGER PRIMARY KEY,
        retailer_id INTEGER NOT NULL,
        email TEXT NOT NULL,
        full_name TEXT NOT NULL,
        phone_number TEXT NOT NULL,
        password_salt BLOB NOT NULL,
        password_hash BLOB NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (retailer_id, email)
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        customer_id INTEGER NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX sessions_customer ON sessions (customer_id);
    `,
  },
  {
    version: 2,
    name: 'orders, order products and order statuses',
    sql: `
      CREATE TABLE orders (
        order_id INTEGER PRIMARY KEY,
        encrypted_order_id TEXT NOT NULL UNIQUE,
        retailer_id INTEGER NOT NULL,
        idempotency_key TEXT,
        customer_id INTEGER REFERENCES customers (customer_id),
        processed_at TEXT,
        is_pickup INTEGER NOT NULL,
        order_for_later INTEGER NOT NULL,
        order_for_later_request_date_time TEXT,
        closed_date INTEGER NOT NULL,
        extra_order_notes TEXT NOT NULL,
        create_date TEXT NOT NULL,
        current_order_status_type_id INTEGER NOT NULL,
        last_order_status_update TEXT NOT NULL,
        historic_delivery_fee_cents INTEGER NOT NULL,
        historic_delivery_wait_time INTEGER NOT NULL,
        sub_total_cents INTEGER NOT NULL,
        order_platform_source_id INTEGER NOT NULL,
        source TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (retailer_id, idempotency_key)
      );
      CREATE INDEX orders_customer ON orders (customer_id);
      CREATE TABLE order_products (
        order_product_id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        retailer_id INTEGER NOT NULL,
        uuid TEXT NOT NULL,
        position INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        quantity INTEGER NOT NULL,
        unit_price_cents INTEGER NOT NULL,
        line_json TEXT NOT NULL,
        UNIQUE (retailer_id, uuid)
      );
      CREATE INDEX order_products_order ON order_products (order_id, position);
      CREATE TABLE order_statuses (
        order_status_id INTEGER PRIMARY KEY,
        retailer_id INTEGER NOT NULL,
        order_id INTEGER REFERENCES orders (order_id) ON DELETE CASCADE,
        order_status_type_id INTEGER NOT NULL,
        notes TEXT NOT NULL,
        timestamp TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE INDEX order_statuses_order ON order_statuses (order_id);
    `,
  },
  {
    version: 3,
    name: 'mailing list, error logs and table bookings',
    sql: `
      CREATE TABLE mailing_list (
        retailer_id INTEGER NOT NULL,
        email TEXT NOT NULL,
        name TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (retailer_id, email)
      );
      CREATE TABLE error_logs (
        error_log_id INTEGER PRIMARY KEY,
        retailer_id INTEGER NOT NULL,
        error_type TEXT NOT NULL,
        message TEXT NOT NULL,
        entry_json TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE TABLE table_bookings (
        booking_id INTEGER PRIMARY KEY,
        retailer_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        phone TEXT NOT NULL,
        party_size INTEGER NOT NULL,
        date_time TEXT NOT NULL,
        notes TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'live clock overrides',
    sql: `
      CREATE TABLE clock_overrides (
        retailer_id INTEGER PRIMARY KEY,
        override_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'password reset tokens',
    sql: `
      CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        customer_id INTEGER NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
        retailer_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX password_resets_customer ON password_resets (customer_id);
    `,
  },
  {
    version: 6,
    name: 'order discount from specials',
    sql: `ALTER TABLE orders ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0;`,
  },
  {
    version: 7,
    name: 'placed orders',
    sql: `
      ALTER TABLE orders ADD COLUMN placed_at TEXT;
      ALTER TABLE orders ADD COLUMN placement_json TEXT;
    `,
  },
  {
    version: 8,
    name: 'order status idempotency keys',
    sql: `
      ALTER TABLE order_statuses ADD COLUMN idempotency_key TEXT;
      CREATE UNIQUE INDEX order_statuses_idempotency_key ON order_statuses (retailer_id, idempotency_key);
    `,
  },
  {
    version: 9,
    name: 'order numbers and order watch keys',
    // Orders placed before numbers existed are numbered in the order they were made.
    sql: `
      ALTER TABLE orders ADD COLUMN order_number INTEGER;
      ALTER TABLE orders ADD COLUMN watch_key TEXT;
      UPDATE orders SET order_number = (
        SELECT COUNT(*) FROM orders AS earlier
        WHERE earlier.retailer_id = orders.retailer_id AND earlier.placed_at IS NOT NULL AND earlier.order_id <= orders.order_id
      ) WHERE placed_at IS NOT NULL;
      CREATE UNIQUE INDEX orders_order_number ON orders (retailer_id, order_number);
    `,
  },
  {
    version: 10,
    name: 'order revisions and placed orders kept as placed',
    // The triggers are the last line behind the API's own refusals: whatever path a write takes,
    // a placed order's content and lines stay as the customer placed them.
    sql: `
      ALTER TABLE orders ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER placed_orders_keep_their_content
        BEFORE UPDATE OF is_pickup, order_for_later, order_for_later_request_date_time, closed_date, extra_order_notes,
          current_order_status_type_id, last_order_status_update, historic_delivery_fee_cents, historic_delivery_wait_time,
          sub_total_cents, discount_cents, source, customer_id, revision, placed_at, placement_json, order_number, watch_key ON orders
        WHEN OLD.placed_at IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'order is placed: its content cannot change'); END;
      CREATE TRIGGER placed_orders_keep_their_lines_insert BEFORE INSERT ON order_products
        WHEN EXISTS (SELECT 1 FROM orders WHERE order_id = NEW.order_id AND placed_at IS NOT NULL)
        BEGIN SELECT RAISE(ABORT, 'order is placed: its lines cannot change'); END;
      CREATE TRIGGER placed_orders_keep_their_lines_update BEFORE UPDATE ON order_products
        WHEN EXISTS (SELECT 1 FROM orders WHERE order_id IN (OLD.order_id, NEW.order_id) AND placed_at IS NOT NULL)
        BEGIN SELECT RAISE(ABORT, 'order is placed: its lines cannot change'); END;
      CREATE TRIGGER placed_orders_keep_their_lines_delete BEFORE DELETE ON order_products
        WHEN EXISTS (SELECT 1 FROM orders WHERE order_id = OLD.order_id AND placed_at IS NOT NULL)
        BEGIN SELECT RAISE(ABORT, 'order is placed: its lines cannot change'); END;
    `,
  },
  {
    version: 11,
    name: 'order receipts',
    // A digest, as for sessions: a copied database holds no working receipt. Older placements have none.
    sql: `ALTER TABLE orders ADD COLUMN receipt_digest TEXT;`,
  },
  {
    version: 12,
    name: 'rate-limit windows and indexes of the bounded anonymous writes',
    // Windows end at epoch milliseconds, so a take compares numbers. A booking's slot is its time in
    // UTC, so one slot sent with two offsets counts once. The indexes serve the counts and the
    // trimming of the oldest rows that keep error logs and order-less statuses bounded per retailer.
    sql: `
      CREATE TABLE rate_limit_windows (
        limit_key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at INTEGER NOT NULL
      );
      CREATE INDEX rate_limit_windows_reset_at ON rate_limit_windows (reset_at);
      CREATE INDEX error_logs_retailer ON error_logs (retailer_id, error_log_id);
      CREATE INDEX order_statuses_retailer_order ON order_statuses (retailer_id, order_id, order_status_id);
      ALTER TABLE table_bookings ADD COLUMN slot_at TEXT;
      UPDATE table_bookings SET slot_at = strftime('%Y-%m-%dT%H:%M:%fZ', date_time);
      CREATE INDEX table_bookings_slot ON table_bookings (retailer_id, slot_at);
    `,
  },
];

/** Runs `work` in one write transaction, taking the write lock at once (BEGIN IMMEDIATE). */
function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** Applies every migration newer than the database, each in its own transaction; returns the versions applied. */
export function migrate(db: DatabaseSync, list: readonly Migration[] = migrations, now: Date = new Date()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    try {
      // Checked inside the transaction: another process opening the same file may have just applied it.
      const ran = inTransaction(db, () => {
        if (isApplied.get(migration.version)) return false;
        db.exec(migration.sql);
        record.run(migration.version, migration.name, now.toISOString());
        return true;
      });
      if (ran) applied.push(migration.version);
    } catch (error) {
      throw new Error(`migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return applied;
}
