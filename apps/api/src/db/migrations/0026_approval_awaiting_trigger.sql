-- Each approver's count of the pending steps waiting for them, per document type
-- (approval_awaiting_counts), moved at COMMIT by a deferred row trigger as the work order counts
-- of migration 0021 are: "Awaiting Approval" and the menu's badge read one row instead of counting
-- an approver's pending steps at every request. One statement per change, its approvers in
-- user_id order, so two transactions moving the same approvers lock their rows in the same order.
CREATE FUNCTION approval_steps_count_awaiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.approver_ids IS NOT DISTINCT FROM NEW.approver_ids AND OLD.document_type = NEW.document_type THEN
    RETURN NULL;
  END IF;
  INSERT INTO approval_awaiting_counts AS c (user_id, document_type, total)
  SELECT moved.user_id, moved.document_type, sum(moved.delta)::integer
    FROM (
      SELECT u AS user_id, OLD.document_type AS document_type, -1 AS delta
        FROM unnest(OLD.approver_ids) u WHERE TG_OP <> 'INSERT' AND OLD.status = 'pending'
      UNION ALL
      SELECT u, NEW.document_type, 1
        FROM unnest(NEW.approver_ids) u WHERE TG_OP <> 'DELETE' AND NEW.status = 'pending'
    ) moved
   GROUP BY moved.user_id, moved.document_type
  HAVING sum(moved.delta) <> 0
   ORDER BY moved.user_id, moved.document_type
  ON CONFLICT (user_id, document_type) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER approval_steps_awaiting AFTER INSERT OR UPDATE OR DELETE ON approval_steps
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION approval_steps_count_awaiting();
--> statement-breakpoint
INSERT INTO approval_awaiting_counts (user_id, document_type, total)
SELECT u, document_type, count(*)::integer
  FROM approval_steps, unnest(approver_ids) u
 WHERE status = 'pending'
 GROUP BY u, document_type;
