-- Fault counts per owner and status, kept in the writing transaction by statement-level triggers
-- (one pass per statement, like the asset counts of migration 0004). The owner's tab counts and
-- unfiltered list totals read these instead of counting rows (decision 0015).
CREATE FUNCTION faults_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organisation_fault_counts AS c (organisation_id, status, total)
    SELECT organisation_id, status, count(*) FROM new_rows GROUP BY organisation_id, status
  ON CONFLICT (organisation_id, status) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION faults_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organisation_fault_counts SET total = organisation_fault_counts.total - d.removed
    FROM (SELECT organisation_id, status, count(*) AS removed FROM old_rows GROUP BY organisation_id, status) d
    WHERE organisation_fault_counts.organisation_id = d.organisation_id AND organisation_fault_counts.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION faults_count_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of status (or of owner, which the application never makes) moves counts.
  INSERT INTO organisation_fault_counts AS c (organisation_id, status, total)
    SELECT organisation_id, status, sum(delta) FROM (
      SELECT o.organisation_id, o.status, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status OR o.organisation_id IS DISTINCT FROM n.organisation_id
      UNION ALL
      SELECT n.organisation_id, n.status, 1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status IS DISTINCT FROM n.status OR o.organisation_id IS DISTINCT FROM n.organisation_id
    ) moves GROUP BY organisation_id, status HAVING sum(delta) <> 0
  ON CONFLICT (organisation_id, status) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables cannot name columns (UPDATE OF status), so the update trigger
-- fires on every update and its function keeps only the rows whose status changed.
CREATE TRIGGER faults_count_insert AFTER INSERT ON faults
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION faults_count_on_insert();
--> statement-breakpoint
CREATE TRIGGER faults_count_delete AFTER DELETE ON faults
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION faults_count_on_delete();
--> statement-breakpoint
CREATE TRIGGER faults_count_update AFTER UPDATE ON faults
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION faults_count_on_update();
--> statement-breakpoint
-- Existing data.
INSERT INTO organisation_fault_counts (organisation_id, status, total)
  SELECT organisation_id, status, count(*) FROM faults GROUP BY organisation_id, status;
