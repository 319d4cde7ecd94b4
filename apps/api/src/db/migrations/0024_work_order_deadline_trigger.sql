-- A work order's SLA notices (work_order_deadlines), kept from its own row: the clocks run from
-- sent_at, the response one until accepted_at, the resolution one until completed_at (plus the time
-- paused by an unsatisfactory verdict), and both stop when it is finished (closed_at: declined,
-- ended, closed). The due-soon notice falls a fifth of the target before the end, at least an hour
-- (dueSoonWindowMs in contracts). A notice given stays given; one not given yet moves with the row.
CREATE FUNCTION work_orders_keep_deadlines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.resolution_hours IS NULL OR NEW.sent_at IS NULL THEN
    RETURN NULL;
  END IF;
  IF NEW.accepted_at IS NULL AND NEW.closed_at IS NULL THEN
    INSERT INTO work_order_deadlines AS d (work_order_id, notice, due_at) VALUES
      (NEW.id, 'response_due_soon', NEW.sent_at + NEW.response_hours * interval '1 hour'
                                     - greatest(NEW.response_hours * interval '12 minutes', interval '1 hour')),
      (NEW.id, 'response_breached', NEW.sent_at + NEW.response_hours * interval '1 hour')
    ON CONFLICT (work_order_id, notice) DO UPDATE SET due_at = excluded.due_at WHERE d.told_at IS NULL;
  ELSE
    DELETE FROM work_order_deadlines WHERE work_order_id = NEW.id AND told_at IS NULL AND notice LIKE 'response%';
  END IF;
  IF NEW.completed_at IS NULL AND NEW.closed_at IS NULL THEN
    INSERT INTO work_order_deadlines AS d (work_order_id, notice, due_at) VALUES
      (NEW.id, 'resolution_due_soon', NEW.sent_at + NEW.resolution_hours * interval '1 hour' + NEW.paused_ms * interval '1 millisecond'
                                       - greatest(NEW.resolution_hours * interval '12 minutes', interval '1 hour')),
      (NEW.id, 'resolution_breached', NEW.sent_at + NEW.resolution_hours * interval '1 hour' + NEW.paused_ms * interval '1 millisecond')
    ON CONFLICT (work_order_id, notice) DO UPDATE SET due_at = excluded.due_at WHERE d.told_at IS NULL;
  ELSE
    DELETE FROM work_order_deadlines WHERE work_order_id = NEW.id AND told_at IS NULL AND notice LIKE 'resolution%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_orders_deadlines AFTER INSERT OR UPDATE OF sent_at, accepted_at, completed_at, closed_at, paused_ms, resolution_hours
  ON work_orders FOR EACH ROW EXECUTE FUNCTION work_orders_keep_deadlines();
