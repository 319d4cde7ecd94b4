-- Work order counts per organisation, side and status (work_order_counts), moved at COMMIT by a
-- deferred row trigger, as the service request counts of migration 0019. A draft or a work order
-- awaiting approval is the owner's alone: the provider's side counts it only once it was sent.
CREATE FUNCTION work_orders_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.provider_id IS NOT DISTINCT FROM NEW.provider_id
     AND (OLD.sent_at IS NULL) = (NEW.sent_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO work_order_counts AS c (organisation_id, side, status, total)
      VALUES (OLD.organisation_id, 'owner', OLD.status, -1)
    ON CONFLICT (organisation_id, side, status) DO UPDATE SET total = c.total - 1;
    IF OLD.sent_at IS NOT NULL THEN
      INSERT INTO work_order_counts AS c (organisation_id, side, status, total)
        VALUES (OLD.provider_id, 'provider', OLD.status, -1)
      ON CONFLICT (organisation_id, side, status) DO UPDATE SET total = c.total - 1;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO work_order_counts AS c (organisation_id, side, status, total)
      VALUES (NEW.organisation_id, 'owner', NEW.status, 1)
    ON CONFLICT (organisation_id, side, status) DO UPDATE SET total = c.total + 1;
    IF NEW.sent_at IS NOT NULL THEN
      INSERT INTO work_order_counts AS c (organisation_id, side, status, total)
        VALUES (NEW.provider_id, 'provider', NEW.status, 1)
      ON CONFLICT (organisation_id, side, status) DO UPDATE SET total = c.total + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_count AFTER INSERT OR UPDATE OR DELETE ON work_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_count_row();
--> statement-breakpoint
-- A fault reported on an asset within the owner's recall days (its work order configuration,
-- 30 by default, 0 for never) of the closing of a work order on that asset is a recall of the
-- latest such work order. A trigger, so every way a fault is reported (the portal, staff, a
-- provider, an import) flags it.
CREATE FUNCTION faults_flag_recall() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days integer;
  recalled uuid;
BEGIN
  SELECT coalesce((SELECT (settings->>'recallDays')::integer FROM configurations
                    WHERE organisation_id = NEW.organisation_id AND type = 'wo'), 30) INTO days;
  IF days <= 0 THEN
    RETURN NULL;
  END IF;
  SELECT w.id INTO recalled FROM work_orders w
   WHERE w.asset_id = NEW.asset_id AND w.organisation_id = NEW.organisation_id
     AND w.status = 'closed' AND w.closed_at >= NEW.created_at - make_interval(days => days)
   ORDER BY w.closed_at DESC, w.id DESC
   LIMIT 1;
  IF recalled IS NOT NULL THEN
    INSERT INTO work_order_recalls (fault_id, work_order_id) VALUES (NEW.id, recalled) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faults_recall AFTER INSERT ON faults FOR EACH ROW EXECUTE FUNCTION faults_flag_recall();
