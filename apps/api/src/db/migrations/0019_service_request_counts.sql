-- Service request counts per organisation, side and status (service_request_counts), moved at COMMIT
-- by a deferred row trigger, as the fault counts of migration 0015: the counter rows are locked for
-- the commit only, and the counts stay exact in whatever order a transaction's rows change. An
-- update that changes neither the status nor a side (a clock step, a note) moves nothing.
CREATE FUNCTION service_requests_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id AND OLD.provider_id IS NOT DISTINCT FROM NEW.provider_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO service_request_counts AS c (organisation_id, side, status, total)
      VALUES (OLD.organisation_id, 'owner', OLD.status, -1), (OLD.provider_id, 'provider', OLD.status, -1)
    ON CONFLICT (organisation_id, side, status) DO UPDATE SET total = c.total - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO service_request_counts AS c (organisation_id, side, status, total)
      VALUES (NEW.organisation_id, 'owner', NEW.status, 1), (NEW.provider_id, 'provider', NEW.status, 1)
    ON CONFLICT (organisation_id, side, status) DO UPDATE SET total = c.total + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER service_requests_count AFTER INSERT OR UPDATE OR DELETE ON service_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION service_requests_count_row();
