ALTER TABLE "work_orders" DROP CONSTRAINT "work_orders_total_check";--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "issued_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "actual_kobo" bigint GENERATED ALWAYS AS (total_kobo + issued_kobo) STORED;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_total_check" CHECK ("work_orders"."total_kobo" >= 0 and "work_orders"."used_total_kobo" >= 0 and "work_orders"."issued_kobo" >= 0);--> statement-breakpoint
-- A work order's issued parts (docs/product.md "Cost of a work order"): the accepted lines of its
-- material requests at the price each was issued at, moved with the line in its own transaction.
-- A request's work order never changes and an issue is never reversed (SUPPLY.CANNOT_REVERSE), so
-- the lines are the only thing to follow.
CREATE FUNCTION material_request_lines_issued_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was numeric := 0;
  now_issued numeric := 0;
  wo uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'accepted' THEN
    was := OLD.quantity::bigint * coalesce(OLD.price_kobo, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'accepted' THEN
    now_issued := NEW.quantity::bigint * coalesce(NEW.price_kobo, 0);
  END IF;
  IF was = now_issued THEN
    RETURN NULL;
  END IF;
  SELECT r.work_order_id INTO wo FROM material_requests r WHERE r.id = coalesce(NEW.request_id, OLD.request_id);
  IF wo IS NOT NULL THEN
    UPDATE work_orders SET issued_kobo = issued_kobo + (now_issued - was) WHERE id = wo;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER material_request_lines_issued AFTER INSERT OR UPDATE OR DELETE ON material_request_lines
  FOR EACH ROW EXECUTE FUNCTION material_request_lines_issued_row();
--> statement-breakpoint
-- The rollups add up what a work order cost (actual_kobo), no longer its approved lines alone: the
-- functions of migrations 0032 and 0040 with total_kobo read as actual_kobo.
CREATE OR REPLACE FUNCTION work_orders_dashboard_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.provider_id IS NOT DISTINCT FROM NEW.provider_id
     AND (OLD.sent_at IS NULL) = (NEW.sent_at IS NULL) AND OLD.actual_kobo IS NOT DISTINCT FROM NEW.actual_kobo
     AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_count_move(OLD.organisation_id, 'owner', 'wo', OLD.status, OLD.created_at, -1, -OLD.actual_kobo);
    IF OLD.sent_at IS NOT NULL THEN
      PERFORM dashboard_count_move(OLD.provider_id, 'provider', 'wo', OLD.status, OLD.created_at, -1, -OLD.actual_kobo);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_count_move(NEW.organisation_id, 'owner', 'wo', NEW.status, NEW.created_at, 1, NEW.actual_kobo);
    IF NEW.sent_at IS NOT NULL THEN
      PERFORM dashboard_count_move(NEW.provider_id, 'provider', 'wo', NEW.status, NEW.created_at, 1, NEW.actual_kobo);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_work_order_share(w work_orders) RETURNS report_work_months LANGUAGE sql STABLE AS $$
  SELECT NULL::uuid, NULL::text, 'wo'::text, date_trunc('month', w.created_at AT TIME ZONE 'UTC')::date, w.status,
    1, (w.completed_at IS NOT NULL)::int,
    CASE WHEN w.sent_at IS NOT NULL AND w.status <> 'declined' THEN w.actual_kobo ELSE 0 END::numeric,
    w.unsatisfactory_count,
    coalesce(rs, 0)::numeric, (rs IS NOT NULL)::int, coalesce(zs, 0)::numeric, (zs IS NOT NULL)::int,
    coalesce(rok, false)::int, (rok IS NOT NULL)::int, coalesce(zok, false)::int, (zok IS NOT NULL)::int
  FROM (SELECT
      date_part('epoch', (w.accepted_at - w.sent_at)) AS rs,
      CASE WHEN w.completed_at IS NOT NULL THEN greatest(0, (date_part('epoch', (w.completed_at - w.sent_at)) - w.paused_ms::float8 / 1000)) END AS zs,
      CASE WHEN w.response_hours IS NULL OR w.sent_at IS NULL THEN NULL
           WHEN rstop IS NOT NULL THEN date_part('epoch', (rstop - w.sent_at)) <= w.response_hours * 3600 END AS rok,
      CASE WHEN w.resolution_hours IS NULL OR (w.sent_at IS NULL OR w.status = 'declined') THEN NULL
           WHEN zstop IS NOT NULL THEN (date_part('epoch', (zstop - w.sent_at)) - w.paused_ms::float8 / 1000) <= w.resolution_hours * 3600 END AS zok
    FROM (SELECT coalesce(w.accepted_at, CASE WHEN w.status = 'declined' THEN w.closed_at END) AS rstop,
                 coalesce(w.completed_at, w.closed_at) AS zstop) stops) facts
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION work_orders_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v report_work_months;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    v := report_work_order_share(OLD);
    PERFORM report_work_move(v, OLD.organisation_id, 'owner', -1);
    IF OLD.sent_at IS NOT NULL THEN
      PERFORM report_work_move(v, OLD.provider_id, 'provider', -1);
      IF OLD.status <> 'declined' THEN
        PERFORM report_work_spend_move(OLD.organisation_id, OLD.provider_id, OLD.cluster_id, OLD.asset_id, -OLD.actual_kobo::numeric);
      END IF;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    v := report_work_order_share(NEW);
    PERFORM report_work_move(v, NEW.organisation_id, 'owner', 1);
    IF NEW.sent_at IS NOT NULL THEN
      PERFORM report_work_move(v, NEW.provider_id, 'provider', 1);
      IF NEW.status <> 'declined' THEN
        PERFORM report_work_spend_move(NEW.organisation_id, NEW.provider_id, NEW.cluster_id, NEW.asset_id, NEW.actual_kobo::numeric);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER work_orders_report_update ON work_orders;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_report_update AFTER UPDATE ON work_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.organisation_id, OLD.provider_id, OLD.status, OLD.created_at, OLD.sent_at, OLD.accepted_at, OLD.completed_at, OLD.closed_at,
         OLD.actual_kobo, OLD.unsatisfactory_count, OLD.response_hours, OLD.resolution_hours, OLD.paused_ms, OLD.cluster_id, OLD.asset_id)
        IS DISTINCT FROM (NEW.organisation_id, NEW.provider_id, NEW.status, NEW.created_at, NEW.sent_at, NEW.accepted_at, NEW.completed_at,
         NEW.closed_at, NEW.actual_kobo, NEW.unsatisfactory_count, NEW.response_hours, NEW.resolution_hours, NEW.paused_ms, NEW.cluster_id,
         NEW.asset_id))
  EXECUTE FUNCTION work_orders_report_row();
--> statement-breakpoint
-- The parts issued so far: set once, which the triggers above carry into the rollups at COMMIT.
UPDATE work_orders w SET issued_kobo = x.kobo
  FROM (SELECT r.work_order_id AS id, sum(l.quantity::bigint * coalesce(l.price_kobo, 0)) AS kobo
          FROM material_request_lines l JOIN material_requests r ON r.id = l.request_id
         WHERE l.status = 'accepted' AND r.work_order_id IS NOT NULL
         GROUP BY 1) x
 WHERE w.id = x.id AND x.kobo <> 0;
