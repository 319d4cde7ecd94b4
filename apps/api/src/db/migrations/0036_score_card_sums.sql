CREATE TABLE "score_card_sums" (
	"organisation_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"jobs_completed" integer DEFAULT 0 NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"response_weight" double precision DEFAULT 0 NOT NULL,
	"response_on_time_weight" double precision DEFAULT 0 NOT NULL,
	"resolution_count" integer DEFAULT 0 NOT NULL,
	"resolution_weight" double precision DEFAULT 0 NOT NULL,
	"resolution_on_time_weight" double precision DEFAULT 0 NOT NULL,
	"responded_count" integer DEFAULT 0 NOT NULL,
	"responded_weight" double precision DEFAULT 0 NOT NULL,
	"responded_weighted_hours" double precision DEFAULT 0 NOT NULL,
	"resolved_weight" double precision DEFAULT 0 NOT NULL,
	"resolved_weighted_hours" double precision DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_weight" double precision DEFAULT 0 NOT NULL,
	"rating_weighted_sum" double precision DEFAULT 0 NOT NULL,
	"unsatisfactory" integer DEFAULT 0 NOT NULL,
	"recalls" integer DEFAULT 0 NOT NULL,
	"declined_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "score_card_sums_organisation_id_provider_id_pk" PRIMARY KEY("organisation_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "recall_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_card_sums" ADD CONSTRAINT "score_card_sums_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_card_sums" ADD CONSTRAINT "score_card_sums_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_card_sums_provider_idx" ON "score_card_sums" USING btree ("provider_id");
--> statement-breakpoint
-- A work order's recalls as a count on it (a score card reads them per owner and provider, and the
-- report per order): a recall is flagged by faults_recall and leaves with its fault or its order.
CREATE FUNCTION work_order_recalls_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE work_orders SET recall_count = recall_count + 1 WHERE id = NEW.work_order_id;
  ELSE
    -- Finds nothing when the order itself is being deleted.
    UPDATE work_orders SET recall_count = recall_count - 1 WHERE id = OLD.work_order_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_order_recalls_count AFTER INSERT OR DELETE ON work_order_recalls
  FOR EACH ROW EXECUTE FUNCTION work_order_recalls_count_row();
--> statement-breakpoint
-- One sent work order's share of its owner-provider score card sums (schema/report.ts): each weight
-- exp((t - 2020-01-01) x ln 2 / 90 days), t the instant it counts from (the answer, the completion,
-- the rating); the SLA verdicts only where the clock stopped (slaClock(): elapsed <= target is on
-- time; the response clock is never paused). The arithmetic is the score card read's, in float8.
CREATE FUNCTION score_card_row(w work_orders) RETURNS score_card_sums LANGUAGE sql STABLE AS $$
  SELECT w.organisation_id, w.provider_id,
    (c IS NOT NULL)::int,
    (w.response_hours IS NOT NULL AND a IS NOT NULL)::int,
    CASE WHEN w.response_hours IS NOT NULL AND a IS NOT NULL THEN ea ELSE 0 END,
    CASE WHEN w.response_hours IS NOT NULL AND a IS NOT NULL AND a - s <= w.response_hours * 3600 THEN ea ELSE 0 END,
    (w.resolution_hours IS NOT NULL AND c IS NOT NULL)::int,
    CASE WHEN w.resolution_hours IS NOT NULL AND c IS NOT NULL THEN ec ELSE 0 END,
    CASE WHEN w.resolution_hours IS NOT NULL AND c IS NOT NULL AND c - s - paused <= w.resolution_hours * 3600 THEN ec ELSE 0 END,
    (a IS NOT NULL)::int,
    coalesce(ea, 0),
    coalesce(ea * greatest(0::float8, a - s) / 3600, 0),
    coalesce(ec, 0),
    coalesce(ec * greatest(0::float8, c - s - paused) / 3600, 0),
    (w.rating IS NOT NULL)::int,
    CASE WHEN w.rating IS NOT NULL THEN er ELSE 0 END,
    CASE WHEN w.rating IS NOT NULL THEN er * w.rating ELSE 0 END,
    w.unsatisfactory_count,
    w.recall_count,
    (w.status = 'declined')::int
  FROM (SELECT s, a, c, paused,
          exp((a - 1577836800) * (ln(2) / 7776000)) AS ea,
          exp((c - 1577836800) * (ln(2) / 7776000)) AS ec,
          exp((r - 1577836800) * (ln(2) / 7776000)) AS er
          FROM (SELECT date_part('epoch', w.sent_at) AS s, date_part('epoch', w.accepted_at) AS a,
                       date_part('epoch', w.completed_at) AS c, date_part('epoch', coalesce(w.completed_at, w.rated_at)) AS r,
                       w.paused_ms::float8 / 1000 AS paused) t) e
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) one order's share. A take-away updates, and finds nothing when
-- the owner or provider itself was deleted (its rows went with it), rather than inserting.
CREATE FUNCTION score_card_move(v score_card_sums, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF v.organisation_id IS NULL OR v.provider_id IS NULL THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    INSERT INTO score_card_sums AS t VALUES (v.*)
    ON CONFLICT (organisation_id, provider_id) DO UPDATE SET
      jobs_completed = t.jobs_completed + v.jobs_completed, response_count = t.response_count + v.response_count,
      response_weight = t.response_weight + v.response_weight, response_on_time_weight = t.response_on_time_weight + v.response_on_time_weight,
      resolution_count = t.resolution_count + v.resolution_count, resolution_weight = t.resolution_weight + v.resolution_weight,
      resolution_on_time_weight = t.resolution_on_time_weight + v.resolution_on_time_weight,
      responded_count = t.responded_count + v.responded_count, responded_weight = t.responded_weight + v.responded_weight,
      responded_weighted_hours = t.responded_weighted_hours + v.responded_weighted_hours,
      resolved_weight = t.resolved_weight + v.resolved_weight, resolved_weighted_hours = t.resolved_weighted_hours + v.resolved_weighted_hours,
      rating_count = t.rating_count + v.rating_count, rating_weight = t.rating_weight + v.rating_weight,
      rating_weighted_sum = t.rating_weighted_sum + v.rating_weighted_sum,
      unsatisfactory = t.unsatisfactory + v.unsatisfactory, recalls = t.recalls + v.recalls, declined_orders = t.declined_orders + v.declined_orders;
  ELSE
    UPDATE score_card_sums t SET
      jobs_completed = t.jobs_completed - v.jobs_completed, response_count = t.response_count - v.response_count,
      response_weight = t.response_weight - v.response_weight, response_on_time_weight = t.response_on_time_weight - v.response_on_time_weight,
      resolution_count = t.resolution_count - v.resolution_count, resolution_weight = t.resolution_weight - v.resolution_weight,
      resolution_on_time_weight = t.resolution_on_time_weight - v.resolution_on_time_weight,
      responded_count = t.responded_count - v.responded_count, responded_weight = t.responded_weight - v.responded_weight,
      responded_weighted_hours = t.responded_weighted_hours - v.responded_weighted_hours,
      resolved_weight = t.resolved_weight - v.resolved_weight, resolved_weighted_hours = t.resolved_weighted_hours - v.resolved_weighted_hours,
      rating_count = t.rating_count - v.rating_count, rating_weight = t.rating_weight - v.rating_weight,
      rating_weighted_sum = t.rating_weighted_sum - v.rating_weighted_sum,
      unsatisfactory = t.unsatisfactory - v.unsatisfactory, recalls = t.recalls - v.recalls, declined_orders = t.declined_orders - v.declined_orders
     WHERE t.organisation_id = v.organisation_id AND t.provider_id = v.provider_id;
  END IF;
END $$;
--> statement-breakpoint
-- A work order counts once it was sent to its provider; an update that changes nothing a card reads
-- (a title, a note) moves nothing. Deferred to COMMIT, as dashboard_counts: the pair's row is locked
-- for the moment of the commit, not for the whole transaction.
CREATE FUNCTION work_orders_score_card_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organisation_id, OLD.provider_id, OLD.status, OLD.sent_at, OLD.accepted_at, OLD.completed_at,
       OLD.rated_at, OLD.rating, OLD.response_hours, OLD.resolution_hours, OLD.paused_ms, OLD.unsatisfactory_count, OLD.recall_count)
     IS NOT DISTINCT FROM (NEW.organisation_id, NEW.provider_id, NEW.status, NEW.sent_at, NEW.accepted_at, NEW.completed_at,
       NEW.rated_at, NEW.rating, NEW.response_hours, NEW.resolution_hours, NEW.paused_ms, NEW.unsatisfactory_count, NEW.recall_count) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sent_at IS NOT NULL THEN
    PERFORM score_card_move(score_card_row(OLD), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.sent_at IS NOT NULL THEN
    PERFORM score_card_move(score_card_row(NEW), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_score_card AFTER INSERT OR UPDATE OR DELETE ON work_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_score_card_row();
--> statement-breakpoint
-- What the card still reads from the orders: those whose SLA clock runs (late ones count now), and
-- the ratings of the trend's two windows (the last 2 x 90 days), each side by its own index.
CREATE INDEX work_orders_org_running_idx ON work_orders (organisation_id)
  INCLUDE (provider_id, status, sent_at, accepted_at, completed_at, response_hours, resolution_hours, paused_ms)
  WHERE sent_at IS NOT NULL AND status IN ('sent', 'accepted', 'assigned', 'in_progress', 'on_hold');
--> statement-breakpoint
CREATE INDEX work_orders_provider_running_idx ON work_orders (provider_id)
  INCLUDE (organisation_id, status, sent_at, accepted_at, completed_at, response_hours, resolution_hours, paused_ms)
  WHERE sent_at IS NOT NULL AND status IN ('sent', 'accepted', 'assigned', 'in_progress', 'on_hold');
--> statement-breakpoint
CREATE INDEX work_orders_org_rating_at_idx ON work_orders (organisation_id, (coalesce(completed_at, rated_at)))
  INCLUDE (provider_id, rating, completed_at, rated_at) WHERE rating IS NOT NULL AND sent_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX work_orders_provider_rating_at_idx ON work_orders (provider_id, (coalesce(completed_at, rated_at)))
  INCLUDE (organisation_id, rating, completed_at, rated_at) WHERE rating IS NOT NULL AND sent_at IS NOT NULL;
--> statement-breakpoint
-- The declined service requests a card counts, per owner and per provider.
CREATE INDEX service_requests_org_declined_idx ON service_requests (organisation_id) INCLUDE (provider_id) WHERE status = 'declined';
--> statement-breakpoint
CREATE INDEX service_requests_provider_declined_idx ON service_requests (provider_id) INCLUDE (organisation_id) WHERE status = 'declined';
--> statement-breakpoint
-- The orders so far, added up once.
INSERT INTO score_card_sums (organisation_id, provider_id, jobs_completed, response_count, response_weight, response_on_time_weight,
  resolution_count, resolution_weight, resolution_on_time_weight, responded_count, responded_weight, responded_weighted_hours,
  resolved_weight, resolved_weighted_hours, rating_count, rating_weight, rating_weighted_sum, unsatisfactory, recalls, declined_orders)
SELECT (v).organisation_id, (v).provider_id, sum((v).jobs_completed), sum((v).response_count), sum((v).response_weight),
  sum((v).response_on_time_weight), sum((v).resolution_count), sum((v).resolution_weight), sum((v).resolution_on_time_weight),
  sum((v).responded_count), sum((v).responded_weight), sum((v).responded_weighted_hours), sum((v).resolved_weight),
  sum((v).resolved_weighted_hours), sum((v).rating_count), sum((v).rating_weight), sum((v).rating_weighted_sum),
  sum((v).unsatisfactory), sum((v).recalls), sum((v).declined_orders)
  FROM (SELECT score_card_row(w) AS v FROM work_orders w WHERE w.sent_at IS NOT NULL AND w.provider_id IS NOT NULL OFFSET 0) x
 GROUP BY 1, 2;
--> statement-breakpoint
-- The recalls so far, counted on their orders last: the index builds above refuse a table with
-- trigger events pending, and the score card trigger moves each count into the sums at COMMIT.
UPDATE work_orders w SET recall_count = r.n FROM (SELECT work_order_id, count(*)::int AS n FROM work_order_recalls GROUP BY 1) r
 WHERE r.work_order_id = w.id;
