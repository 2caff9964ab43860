import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { isPostgres } from './dialect.ts';

/** 0003 placed orders kept as placed on PostgreSQL. */
export const migration: Migration = {
  // migrations.ts version 10's triggers, which SQLite already has: whatever path a write takes, a
  // placed order's content and lines stay as the customer placed them. PostgreSQL's WHEN cannot
  // look at other tables, so the lines' check is in the function.
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`
      CREATE FUNCTION placed_orders_keep_their_content() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'order is placed: its content cannot change';
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER placed_orders_keep_their_content
        BEFORE UPDATE OF is_pickup, order_for_later, order_for_later_request_date_time, closed_date, extra_order_notes,
          current_order_status_type_id, last_order_status_update, historic_delivery_fee_cents, historic_delivery_wait_time,
          sub_total_cents, discount_cents, source, customer_id, revision, placed_at, placement_json, order_number, watch_key ON orders
        FOR EACH ROW WHEN (OLD.placed_at IS NOT NULL)
        EXECUTE FUNCTION placed_orders_keep_their_content()`.execute(db);
    await sql`
      CREATE FUNCTION placed_orders_keep_their_lines() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        touched integer[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          touched := ARRAY[NEW.order_id];
        ELSIF TG_OP = 'UPDATE' THEN
          touched := ARRAY[OLD.order_id, NEW.order_id];
        ELSE
          touched := ARRAY[OLD.order_id];
        END IF;
        IF EXISTS (SELECT 1 FROM orders WHERE order_id = ANY (touched) AND placed_at IS NOT NULL) THEN
          RAISE EXCEPTION 'order is placed: its lines cannot change';
        END IF;
        IF TG_OP = 'DELETE' THEN
          RETURN OLD;
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER placed_orders_keep_their_lines
        BEFORE INSERT OR UPDATE OR DELETE ON order_products
        FOR EACH ROW EXECUTE FUNCTION placed_orders_keep_their_lines()`.execute(db);
  },
};
