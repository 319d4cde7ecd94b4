-- The owner's fault counts (migration 0014) are moved at COMMIT instead of at each statement: every
-- report to an owner updates the same counter row, and an immediate trigger held that row's lock
-- from the fault's insert through the rest of the transaction (its activity, notifications, mails
-- and jobs, and a round trip to the API per statement), so an owner's reports took turns for all of
-- it. A deferred constraint trigger runs inside the COMMIT itself: the lock is held for the commit
-- only. Row-level (constraint triggers are), each an upsert of +1/-1, so the counts stay exact in
-- whatever order a transaction's rows are inserted, changed and deleted (decision 0015).
DROP TRIGGER faults_count_insert ON faults;
--> statement-breakpoint
DROP TRIGGER faults_count_delete ON faults;
--> statement-breakpoint
DROP TRIGGER faults_count_update ON faults;
--> statement-breakpoint
DROP FUNCTION faults_count_on_insert();
--> statement-breakpoint
DROP FUNCTION faults_count_on_delete();
--> statement-breakpoint
DROP FUNCTION faults_count_on_update();
--> statement-breakpoint
CREATE FUNCTION faults_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.organisation_id IS NOT DISTINCT FROM NEW.organisation_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO organisation_fault_counts AS c (organisation_id, status, total) VALUES (OLD.organisation_id, OLD.status, -1)
    ON CONFLICT (organisation_id, status) DO UPDATE SET total = c.total - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO organisation_fault_counts AS c (organisation_id, status, total) VALUES (NEW.organisation_id, NEW.status, 1)
    ON CONFLICT (organisation_id, status) DO UPDATE SET total = c.total + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER faults_count AFTER INSERT OR UPDATE OR DELETE ON faults
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION faults_count_row();
