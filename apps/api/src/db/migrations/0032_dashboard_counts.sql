CREATE TABLE "dashboard_counts" (
	"organisation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"month" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"value_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_counts_organisation_id_side_subject_status_month_pk" PRIMARY KEY("organisation_id","side","subject","status","month"),
	CONSTRAINT "dashboard_counts_side_check" CHECK ("dashboard_counts"."side" in ('owner','provider','buyer','supplier')),
	CONSTRAINT "dashboard_counts_subject_check" CHECK ("dashboard_counts"."subject" in ('sr','wo','fault','po'))
);
--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD CONSTRAINT "dashboard_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboards' counts (dashboard_counts) per organisation, side, subject, status and month of
-- creation (UTC), moved at COMMIT by deferred row triggers as the counts of migration 0019. One
-- move: +1 (and the record's total) upserts the row; -1 updates it, and finds nothing when the
-- organisation itself was deleted (its rows went with it), rather than inserting a row for it.
CREATE FUNCTION dashboard_count_move(p_org uuid, p_side text, p_subject text, p_status text, p_created timestamptz, p_delta integer, p_value bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', p_created AT TIME ZONE 'UTC')::date;
BEGIN
  IF p_org IS NULL THEN
    RETURN;
  END IF;
  IF p_delta > 0 THEN
    INSERT INTO dashboard_counts AS c (organisation_id, side, subject, status, month, total, value_kobo)
      VALUES (p_org, p_side, p_subject, p_status, m, p_delta, p_value)
    ON CONFLICT (organisation_id, side, subject, status, month)
      DO UPDATE SET total = c.total + p_delta, value_kobo = c.value_kobo + p_value;
  ELSE
    UPDATE dashboard_counts c SET total = c.total + p_delta, value_kobo = c.value_kobo + p_value
     WHERE c.organisation_id = p_org AND c.side = p_side AND c.subject = p_subject AND c.status = p_status AND c.month = m;
  END IF;
END $$;
--> statement-breakpoint
-- Service requests: the owner that sent one and the provider it went to. An update that changes
-- neither the status, a side nor the month (a clock step, a note) moves nothing.
CREATE FUNCTION service_requests_dashboard_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.provider_id IS NOT DISTINCT FROM NEW.provider_id
     AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_count_move(OLD.organisation_id, 'owner', 'sr', OLD.status, OLD.created_at, -1, 0);
    PERFORM dashboard_count_move(OLD.provider_id, 'provider', 'sr', OLD.status, OLD.created_at, -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_count_move(NEW.organisation_id, 'owner', 'sr', NEW.status, NEW.created_at, 1, 0);
    PERFORM dashboard_count_move(NEW.provider_id, 'provider', 'sr', NEW.status, NEW.created_at, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER service_requests_dashboard AFTER INSERT OR UPDATE OR DELETE ON service_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION service_requests_dashboard_row();
--> statement-breakpoint
-- Work orders, with their total: the owner's side always, the provider's once it was sent (a draft
-- or one awaiting approval is the owner's alone, as work_order_counts).
CREATE FUNCTION work_orders_dashboard_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.provider_id IS NOT DISTINCT FROM NEW.provider_id
     AND (OLD.sent_at IS NULL) = (NEW.sent_at IS NULL) AND OLD.total_kobo IS NOT DISTINCT FROM NEW.total_kobo
     AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_count_move(OLD.organisation_id, 'owner', 'wo', OLD.status, OLD.created_at, -1, -OLD.total_kobo);
    IF OLD.sent_at IS NOT NULL THEN
      PERFORM dashboard_count_move(OLD.provider_id, 'provider', 'wo', OLD.status, OLD.created_at, -1, -OLD.total_kobo);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_count_move(NEW.organisation_id, 'owner', 'wo', NEW.status, NEW.created_at, 1, NEW.total_kobo);
    IF NEW.sent_at IS NOT NULL THEN
      PERFORM dashboard_count_move(NEW.provider_id, 'provider', 'wo', NEW.status, NEW.created_at, 1, NEW.total_kobo);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_dashboard AFTER INSERT OR UPDATE OR DELETE ON work_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_dashboard_row();
--> statement-breakpoint
-- Faults: the owner's side, and the provider's when the fault has one.
CREATE FUNCTION faults_dashboard_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.provider_id IS NOT DISTINCT FROM NEW.provider_id
     AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_count_move(OLD.organisation_id, 'owner', 'fault', OLD.status, OLD.created_at, -1, 0);
    PERFORM dashboard_count_move(OLD.provider_id, 'provider', 'fault', OLD.status, OLD.created_at, -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_count_move(NEW.organisation_id, 'owner', 'fault', NEW.status, NEW.created_at, 1, 0);
    PERFORM dashboard_count_move(NEW.provider_id, 'provider', 'fault', NEW.status, NEW.created_at, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER faults_dashboard AFTER INSERT OR UPDATE OR DELETE ON faults
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faults_dashboard_row();
--> statement-breakpoint
-- Purchase orders, with their total: the buyer's side always, the supplier's once it was sent.
CREATE FUNCTION purchase_orders_dashboard_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.supplier_id IS NOT DISTINCT FROM NEW.supplier_id
     AND (OLD.sent_at IS NULL) = (NEW.sent_at IS NULL) AND OLD.total_kobo IS NOT DISTINCT FROM NEW.total_kobo
     AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_count_move(OLD.organisation_id, 'buyer', 'po', OLD.status, OLD.created_at, -1, -OLD.total_kobo);
    IF OLD.sent_at IS NOT NULL THEN
      PERFORM dashboard_count_move(OLD.supplier_id, 'supplier', 'po', OLD.status, OLD.created_at, -1, -OLD.total_kobo);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM dashboard_count_move(NEW.organisation_id, 'buyer', 'po', NEW.status, NEW.created_at, 1, NEW.total_kobo);
    IF NEW.sent_at IS NOT NULL THEN
      PERFORM dashboard_count_move(NEW.supplier_id, 'supplier', 'po', NEW.status, NEW.created_at, 1, NEW.total_kobo);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER purchase_orders_dashboard AFTER INSERT OR UPDATE OR DELETE ON purchase_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION purchase_orders_dashboard_row();
--> statement-breakpoint
-- What exists already (the triggers count from here on).
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT organisation_id, 'owner', 'sr', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), 0
  FROM service_requests GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT provider_id, 'provider', 'sr', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), 0
  FROM service_requests GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT organisation_id, 'owner', 'wo', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), sum(total_kobo)
  FROM work_orders GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT provider_id, 'provider', 'wo', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), sum(total_kobo)
  FROM work_orders WHERE sent_at IS NOT NULL GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT organisation_id, 'owner', 'fault', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), 0
  FROM faults GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT provider_id, 'provider', 'fault', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), 0
  FROM faults WHERE provider_id IS NOT NULL GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT organisation_id, 'buyer', 'po', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), sum(total_kobo)
  FROM purchase_orders GROUP BY 1, 4, 5;
--> statement-breakpoint
INSERT INTO dashboard_counts (organisation_id, side, subject, status, month, total, value_kobo)
SELECT supplier_id, 'supplier', 'po', status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), sum(total_kobo)
  FROM purchase_orders WHERE sent_at IS NOT NULL GROUP BY 1, 4, 5;
