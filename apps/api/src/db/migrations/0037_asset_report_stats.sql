CREATE TABLE "asset_report_stats" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"repairs" integer DEFAULT 0 NOT NULL,
	"downtime_seconds" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_report_stats" ADD CONSTRAINT "asset_report_stats_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The asset report's per-asset figures (schema/report.ts), moved in the same transaction by row
-- triggers. One move adds to an asset's row (created on its first fault or repair) or takes away
-- (finding nothing when the asset itself is being deleted).
CREATE FUNCTION asset_report_move(p_asset uuid, p_faults integer, p_repairs integer, p_downtime float8) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_asset IS NULL OR (p_faults = 0 AND p_repairs = 0 AND p_downtime = 0) THEN
    RETURN;
  END IF;
  INSERT INTO asset_report_stats AS s (asset_id, faults, repairs, downtime_seconds)
    SELECT p_asset, p_faults, p_repairs, p_downtime WHERE EXISTS (SELECT 1 FROM assets WHERE id = p_asset)
  ON CONFLICT (asset_id) DO UPDATE
    SET faults = s.faults + p_faults, repairs = s.repairs + p_repairs, downtime_seconds = s.downtime_seconds + p_downtime;
END $$;
--> statement-breakpoint
-- A completed work order's downtime in seconds: from the fault's report (else the sending) to the
-- completion; 0 while it has not completed. A fault's report time never changes.
CREATE FUNCTION asset_report_downtime(w work_orders) RETURNS float8 LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN w.completed_at IS NULL THEN 0::float8 ELSE coalesce(date_part('epoch',
    w.completed_at - coalesce((SELECT f.created_at FROM faults f WHERE f.id = w.fault_id), w.sent_at)), 0) END
$$;
--> statement-breakpoint
CREATE FUNCTION work_orders_asset_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.asset_id, OLD.completed_at, OLD.sent_at, OLD.fault_id)
     IS NOT DISTINCT FROM (NEW.asset_id, NEW.completed_at, NEW.sent_at, NEW.fault_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM asset_report_move(OLD.asset_id, 0, -(OLD.completed_at IS NOT NULL)::int, -asset_report_downtime(OLD));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM asset_report_move(NEW.asset_id, 0, (NEW.completed_at IS NOT NULL)::int, asset_report_downtime(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_orders_asset_report AFTER INSERT OR DELETE OR UPDATE OF asset_id, completed_at, sent_at, fault_id ON work_orders
  FOR EACH ROW EXECUTE FUNCTION work_orders_asset_report_row();
--> statement-breakpoint
-- A fault counts on its asset.
CREATE FUNCTION faults_asset_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.asset_id IS NOT DISTINCT FROM NEW.asset_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM asset_report_move(OLD.asset_id, -1, 0, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM asset_report_move(NEW.asset_id, 1, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faults_asset_report AFTER INSERT OR DELETE OR UPDATE OF asset_id ON faults
  FOR EACH ROW EXECUTE FUNCTION faults_asset_report_row();
--> statement-breakpoint
-- A fault about to be deleted: the completed work orders that came from it measure their downtime
-- from their sending from now on. Before the delete, while they still point at it: the foreign
-- key's SET NULL comes after, when their own trigger can no longer see the fault's report time.
CREATE FUNCTION faults_asset_report_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w work_orders%ROWTYPE;
BEGIN
  FOR w IN SELECT * FROM work_orders WHERE fault_id = OLD.id AND completed_at IS NOT NULL LOOP
    PERFORM asset_report_move(w.asset_id, 0, 0,
      coalesce(date_part('epoch', w.completed_at - w.sent_at), 0) - coalesce(date_part('epoch', w.completed_at - OLD.created_at), 0));
  END LOOP;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER faults_asset_report_delete BEFORE DELETE ON faults
  FOR EACH ROW EXECUTE FUNCTION faults_asset_report_delete();
--> statement-breakpoint
-- The faults and work orders so far, added up once.
INSERT INTO asset_report_stats (asset_id, faults, repairs, downtime_seconds)
SELECT a.id, coalesce(f.n, 0), coalesce(w.repairs, 0), coalesce(w.downtime, 0)
  FROM assets a
  LEFT JOIN (SELECT asset_id, count(*)::int AS n FROM faults GROUP BY 1) f ON f.asset_id = a.id
  LEFT JOIN (SELECT wo.asset_id, count(*)::int AS repairs,
                    sum(coalesce(date_part('epoch', wo.completed_at - coalesce(wf.created_at, wo.sent_at)), 0)) AS downtime
               FROM work_orders wo LEFT JOIN faults wf ON wf.id = wo.fault_id
              WHERE wo.completed_at IS NOT NULL GROUP BY 1) w ON w.asset_id = a.id
 WHERE f.n IS NOT NULL OR w.repairs IS NOT NULL;
