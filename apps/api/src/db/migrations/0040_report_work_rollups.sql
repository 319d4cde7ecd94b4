CREATE TABLE "report_approval_levels" (
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_approval_levels_organisation_id_position_name_pk" PRIMARY KEY("organisation_id","position","name")
);
--> statement-breakpoint
CREATE TABLE "report_work_months" (
	"organisation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"subject" text NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cost_kobo" numeric DEFAULT '0' NOT NULL,
	"unsatisfactory" integer DEFAULT 0 NOT NULL,
	"response_seconds" numeric DEFAULT '0' NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" numeric DEFAULT '0' NOT NULL,
	"resolution_count" integer DEFAULT 0 NOT NULL,
	"response_on_time" integer DEFAULT 0 NOT NULL,
	"response_measured" integer DEFAULT 0 NOT NULL,
	"resolution_on_time" integer DEFAULT 0 NOT NULL,
	"resolution_measured" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_work_months_organisation_id_side_subject_month_status_pk" PRIMARY KEY("organisation_id","side","subject","month","status")
);
--> statement-breakpoint
CREATE TABLE "report_work_party_spend" (
	"organisation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"party_id" uuid NOT NULL,
	"cost_kobo" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_work_party_spend_organisation_id_side_party_id_pk" PRIMARY KEY("organisation_id","side","party_id")
);
--> statement-breakpoint
CREATE TABLE "report_work_subject_spend" (
	"organisation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"cluster_id" uuid,
	"asset_id" uuid,
	"asset_cluster_id" uuid,
	"asset_category_id" uuid,
	"cost_kobo" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_work_subject_spend_key" UNIQUE NULLS NOT DISTINCT("organisation_id","side","cluster_id","asset_id")
);
--> statement-breakpoint
ALTER TABLE "report_approval_levels" ADD CONSTRAINT "report_approval_levels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_months" ADD CONSTRAINT "report_work_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_party_spend" ADD CONSTRAINT "report_work_party_spend_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_party_spend" ADD CONSTRAINT "report_work_party_spend_party_id_organisations_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_subject_spend" ADD CONSTRAINT "report_work_subject_spend_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_work_subject_spend" ADD CONSTRAINT "report_work_subject_spend_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_work_subject_spend_asset_idx" ON "report_work_subject_spend" USING btree ("asset_id");--> statement-breakpoint
-- One work order's share of a month row of the SR/WO report (its side and organisation set by the
-- caller), with the live read's definitions (sr-wo-report.repository.ts: WO_FACTS, SPENT): the
-- response and resolution seconds, and the SLA verdicts of the clocks that stopped. The arithmetic is
-- the read's, in float8, so a verdict on the edge of its target falls the same way.
CREATE FUNCTION report_work_order_share(w work_orders) RETURNS report_work_months LANGUAGE sql STABLE AS $$
  SELECT NULL::uuid, NULL::text, 'wo'::text, date_trunc('month', w.created_at AT TIME ZONE 'UTC')::date, w.status,
    1, (w.completed_at IS NOT NULL)::int,
    CASE WHEN w.sent_at IS NOT NULL AND w.status <> 'declined' THEN w.total_kobo ELSE 0 END::numeric,
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
-- A service request's share (SR_FACTS): the resolution clock less its pauses, the current one too.
CREATE FUNCTION report_service_request_share(r service_requests) RETURNS report_work_months LANGUAGE sql STABLE AS $$
  SELECT NULL::uuid, NULL::text, 'sr'::text, date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date, r.status,
    1, 0, 0::numeric, 0,
    coalesce(rs, 0)::numeric, (rs IS NOT NULL)::int, coalesce(zs, 0)::numeric, (zs IS NOT NULL)::int,
    coalesce(rok, false)::int, (rok IS NOT NULL)::int, coalesce(zok, false)::int, (zok IS NOT NULL)::int
  FROM (SELECT
      date_part('epoch', (r.accepted_at - r.sent_at)) AS rs,
      CASE WHEN r.closed_at IS NOT NULL AND r.status <> 'declined' THEN greatest(0, zelapsed) END AS zs,
      CASE WHEN r.response_hours IS NULL THEN NULL
           WHEN rstop IS NOT NULL THEN date_part('epoch', (rstop - r.sent_at)) <= r.response_hours * 3600 END AS rok,
      CASE WHEN r.resolution_hours IS NULL OR r.status = 'declined' THEN NULL
           WHEN r.closed_at IS NOT NULL THEN zelapsed <= r.resolution_hours * 3600 END AS zok
    FROM (SELECT coalesce(r.accepted_at, CASE WHEN r.status = 'declined' THEN r.closed_at END) AS rstop,
                 (date_part('epoch', (r.closed_at - r.sent_at)) - r.paused_ms::float8 / 1000
                  - CASE WHEN r.paused_since IS NULL THEN 0
                         ELSE greatest(0, date_part('epoch', (r.closed_at - greatest(r.paused_since, r.sent_at)))) END) AS zelapsed) stops) facts
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) a share on one side. A take-away updates, and finds nothing when
-- the organisation itself was deleted (its rows went with it), rather than inserting.
CREATE FUNCTION report_work_move(v report_work_months, org uuid, org_side text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF org IS NULL THEN
    RETURN;
  END IF;
  v.organisation_id := org;
  v.side := org_side;
  IF sign > 0 THEN
    INSERT INTO report_work_months AS t VALUES (v.*)
    ON CONFLICT (organisation_id, side, subject, month, status) DO UPDATE SET
      n = t.n + v.n, completed = t.completed + v.completed, cost_kobo = t.cost_kobo + v.cost_kobo,
      unsatisfactory = t.unsatisfactory + v.unsatisfactory,
      response_seconds = t.response_seconds + v.response_seconds, response_count = t.response_count + v.response_count,
      resolution_seconds = t.resolution_seconds + v.resolution_seconds, resolution_count = t.resolution_count + v.resolution_count,
      response_on_time = t.response_on_time + v.response_on_time, response_measured = t.response_measured + v.response_measured,
      resolution_on_time = t.resolution_on_time + v.resolution_on_time, resolution_measured = t.resolution_measured + v.resolution_measured;
  ELSE
    UPDATE report_work_months t SET
      n = t.n - v.n, completed = t.completed - v.completed, cost_kobo = t.cost_kobo - v.cost_kobo,
      unsatisfactory = t.unsatisfactory - v.unsatisfactory,
      response_seconds = t.response_seconds - v.response_seconds, response_count = t.response_count - v.response_count,
      resolution_seconds = t.resolution_seconds - v.resolution_seconds, resolution_count = t.resolution_count - v.resolution_count,
      response_on_time = t.response_on_time - v.response_on_time, response_measured = t.response_measured - v.response_measured,
      resolution_on_time = t.resolution_on_time - v.resolution_on_time, resolution_measured = t.resolution_measured - v.resolution_measured
     WHERE t.organisation_id = org AND t.side = org_side AND t.subject = v.subject
       AND t.month = v.month AND t.status = v.status;
  END IF;
END $$;
--> statement-breakpoint
-- A spent work order's total on both sides, by the other party and by its subject (a cluster or an
-- asset, labelled with the asset's cluster and category when its row is made). A take-away
-- (amount < 0) updates only, as report_work_move.
CREATE FUNCTION report_work_spend_move(owner uuid, provider uuid, cluster uuid, asset uuid, amount numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  asset_cluster uuid;
  asset_category uuid;
BEGIN
  IF amount = 0 OR owner IS NULL OR provider IS NULL THEN
    RETURN;
  END IF;
  IF amount > 0 AND asset IS NOT NULL THEN
    SELECT a.cluster_id, a.category_id INTO asset_cluster, asset_category FROM assets a WHERE a.id = asset;
  END IF;
  FOR s IN SELECT * FROM (VALUES (owner, 'owner', provider), (provider, 'provider', owner)) AS x(org, side, party) LOOP
    IF amount > 0 THEN
      INSERT INTO report_work_party_spend AS t (organisation_id, side, party_id, cost_kobo) VALUES (s.org, s.side, s.party, amount)
      ON CONFLICT (organisation_id, side, party_id) DO UPDATE SET cost_kobo = t.cost_kobo + amount;
      INSERT INTO report_work_subject_spend AS t (organisation_id, side, cluster_id, asset_id, asset_cluster_id, asset_category_id, cost_kobo)
      VALUES (s.org, s.side, cluster, asset, asset_cluster, asset_category, amount)
      ON CONFLICT (organisation_id, side, cluster_id, asset_id) DO UPDATE SET cost_kobo = t.cost_kobo + amount;
    ELSE
      UPDATE report_work_party_spend SET cost_kobo = cost_kobo + amount
       WHERE organisation_id = s.org AND side = s.side AND party_id = s.party;
      -- One of the two is set (work_orders_subject_check); each branch is an equality on the key's index.
      IF asset IS NULL THEN
        UPDATE report_work_subject_spend SET cost_kobo = cost_kobo + amount
         WHERE organisation_id = s.org AND side = s.side AND cluster_id = cluster AND asset_id IS NULL;
      ELSE
        UPDATE report_work_subject_spend SET cost_kobo = cost_kobo + amount
         WHERE organisation_id = s.org AND side = s.side AND cluster_id IS NULL AND asset_id = asset;
      END IF;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- A work order counts on its owner's side always, on its provider's once sent (the provider's reach,
-- report-scope.ts); its total is spend once sent and not declined. Deferred to COMMIT, as the score
-- card's sums: the rows are locked for the moment of the commit, not for the whole transaction.
CREATE FUNCTION work_orders_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v report_work_months;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    v := report_work_order_share(OLD);
    PERFORM report_work_move(v, OLD.organisation_id, 'owner', -1);
    IF OLD.sent_at IS NOT NULL THEN
      PERFORM report_work_move(v, OLD.provider_id, 'provider', -1);
      IF OLD.status <> 'declined' THEN
        PERFORM report_work_spend_move(OLD.organisation_id, OLD.provider_id, OLD.cluster_id, OLD.asset_id, -OLD.total_kobo::numeric);
      END IF;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    v := report_work_order_share(NEW);
    PERFORM report_work_move(v, NEW.organisation_id, 'owner', 1);
    IF NEW.sent_at IS NOT NULL THEN
      PERFORM report_work_move(v, NEW.provider_id, 'provider', 1);
      IF NEW.status <> 'declined' THEN
        PERFORM report_work_spend_move(NEW.organisation_id, NEW.provider_id, NEW.cluster_id, NEW.asset_id, NEW.total_kobo::numeric);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_orders_report_insert_delete AFTER INSERT OR DELETE ON work_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION work_orders_report_row();
--> statement-breakpoint
-- Only a change of what the report reads is queued (not a title, a note or an assignment).
CREATE CONSTRAINT TRIGGER work_orders_report_update AFTER UPDATE ON work_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.organisation_id, OLD.provider_id, OLD.status, OLD.created_at, OLD.sent_at, OLD.accepted_at, OLD.completed_at, OLD.closed_at,
         OLD.total_kobo, OLD.unsatisfactory_count, OLD.response_hours, OLD.resolution_hours, OLD.paused_ms, OLD.cluster_id, OLD.asset_id)
        IS DISTINCT FROM (NEW.organisation_id, NEW.provider_id, NEW.status, NEW.created_at, NEW.sent_at, NEW.accepted_at, NEW.completed_at,
         NEW.closed_at, NEW.total_kobo, NEW.unsatisfactory_count, NEW.response_hours, NEW.resolution_hours, NEW.paused_ms, NEW.cluster_id,
         NEW.asset_id))
  EXECUTE FUNCTION work_orders_report_row();
--> statement-breakpoint
-- A service request counts on its owner's side and on its provider's (a request reaches its provider when made).
CREATE FUNCTION service_requests_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v report_work_months;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    v := report_service_request_share(OLD);
    PERFORM report_work_move(v, OLD.organisation_id, 'owner', -1);
    PERFORM report_work_move(v, OLD.provider_id, 'provider', -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    v := report_service_request_share(NEW);
    PERFORM report_work_move(v, NEW.organisation_id, 'owner', 1);
    PERFORM report_work_move(v, NEW.provider_id, 'provider', 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER service_requests_report_insert_delete AFTER INSERT OR DELETE ON service_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION service_requests_report_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER service_requests_report_update AFTER UPDATE ON service_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.organisation_id, OLD.provider_id, OLD.status, OLD.created_at, OLD.sent_at, OLD.accepted_at, OLD.closed_at,
         OLD.response_hours, OLD.resolution_hours, OLD.paused_ms, OLD.paused_since)
        IS DISTINCT FROM (NEW.organisation_id, NEW.provider_id, NEW.status, NEW.created_at, NEW.sent_at, NEW.accepted_at, NEW.closed_at,
         NEW.response_hours, NEW.resolution_hours, NEW.paused_ms, NEW.paused_since))
  EXECUTE FUNCTION service_requests_report_row();
--> statement-breakpoint
-- An asset moved to another cluster or category relabels its spend rows (at once: a label is the
-- asset's present, whatever the orders' deferred changes add at COMMIT).
CREATE FUNCTION assets_report_spend_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_work_subject_spend SET asset_cluster_id = NEW.cluster_id, asset_category_id = NEW.category_id WHERE asset_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assets_report_spend_labels AFTER UPDATE OF cluster_id, category_id ON assets
  FOR EACH ROW WHEN (OLD.cluster_id IS DISTINCT FROM NEW.cluster_id OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION assets_report_spend_labels();
--> statement-breakpoint
-- A decided work order approval step's time from ask to decision, per level of its owner.
CREATE FUNCTION approval_steps_report_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.document_type = 'wo' AND OLD.asked_at IS NOT NULL AND OLD.decided_at IS NOT NULL THEN
    UPDATE report_approval_levels SET n = n - 1, seconds = seconds - date_part('epoch', (OLD.decided_at - OLD.asked_at))::numeric
     WHERE organisation_id = OLD.organisation_id AND position = OLD.position AND name = OLD.name;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.document_type = 'wo' AND NEW.asked_at IS NOT NULL AND NEW.decided_at IS NOT NULL THEN
    INSERT INTO report_approval_levels AS t (organisation_id, position, name, n, seconds)
    VALUES (NEW.organisation_id, NEW.position, NEW.name, 1, date_part('epoch', (NEW.decided_at - NEW.asked_at))::numeric)
    ON CONFLICT (organisation_id, position, name) DO UPDATE SET n = t.n + 1, seconds = t.seconds + excluded.seconds;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER approval_steps_report_insert_delete AFTER INSERT OR DELETE ON approval_steps
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION approval_steps_report_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER approval_steps_report_update AFTER UPDATE ON approval_steps
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.organisation_id, OLD.document_type, OLD.position, OLD.name, OLD.asked_at, OLD.decided_at)
        IS DISTINCT FROM (NEW.organisation_id, NEW.document_type, NEW.position, NEW.name, NEW.asked_at, NEW.decided_at))
  EXECUTE FUNCTION approval_steps_report_row();
--> statement-breakpoint
-- When a running SLA clock turns late, as an instant, so the read counts the late ones from an index
-- range instead of working out each running clock: started + target hours + the time paused. The
-- sum is of hours and milliseconds only (no days or months), so no time zone moves it: IMMUTABLE
-- holds. It is slaClock()'s rule (elapsed > target is late) moved to the other side of the inequality.
CREATE FUNCTION report_clock_deadline(started timestamptz, target_hours integer, paused_ms bigint) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT started + (target_hours::bigint * 3600000 + paused_ms) * interval '1 millisecond'
$$;
--> statement-breakpoint
-- A service request's resolution clock also stands still during its current pause: while paused it
-- is late for good (-infinity) if it already was when the pause began, else not late (infinity).
-- (Qualified: an index build runs its functions with only pg_catalog on the search path.)
CREATE FUNCTION report_request_resolution_deadline(started timestamptz, target_hours integer, paused_ms bigint, paused_since timestamptz)
  RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN paused_since IS NULL THEN public.report_clock_deadline(started, target_hours, paused_ms)
    WHEN greatest(paused_since, started) > public.report_clock_deadline(started, target_hours, paused_ms) THEN '-infinity'::timestamptz
    ELSE 'infinity'::timestamptz
  END
$$;
--> statement-breakpoint
-- The running clocks by side and deadline (sr-wo-report.repository.ts, RUNNING_CLOCKS: the same
-- predicates, so the planner uses these): a work order's response clock runs until it is accepted
-- (or declined), its resolution clock until it is completed or closed; a request's until accepted,
-- and until closed. The deadline's columns are included as well: an index-only scan needs them.
CREATE INDEX work_orders_org_response_due_idx ON work_orders (organisation_id, report_clock_deadline(sent_at, response_hours, 0))
  INCLUDE (sent_at, response_hours) WHERE sent_at IS NOT NULL AND response_hours IS NOT NULL AND accepted_at IS NULL AND (status <> 'declined' OR closed_at IS NULL);
--> statement-breakpoint
CREATE INDEX work_orders_provider_response_due_idx ON work_orders (provider_id, report_clock_deadline(sent_at, response_hours, 0))
  INCLUDE (sent_at, response_hours) WHERE sent_at IS NOT NULL AND response_hours IS NOT NULL AND accepted_at IS NULL AND (status <> 'declined' OR closed_at IS NULL);
--> statement-breakpoint
CREATE INDEX work_orders_org_resolution_due_idx ON work_orders (organisation_id, report_clock_deadline(sent_at, resolution_hours, paused_ms))
  INCLUDE (sent_at, resolution_hours, paused_ms) WHERE sent_at IS NOT NULL AND resolution_hours IS NOT NULL AND status <> 'declined' AND completed_at IS NULL AND closed_at IS NULL;
--> statement-breakpoint
CREATE INDEX work_orders_provider_resolution_due_idx ON work_orders (provider_id, report_clock_deadline(sent_at, resolution_hours, paused_ms))
  INCLUDE (sent_at, resolution_hours, paused_ms) WHERE sent_at IS NOT NULL AND resolution_hours IS NOT NULL AND status <> 'declined' AND completed_at IS NULL AND closed_at IS NULL;
--> statement-breakpoint
CREATE INDEX service_requests_org_response_due_idx ON service_requests (organisation_id, report_clock_deadline(sent_at, response_hours, 0))
  INCLUDE (sent_at, response_hours) WHERE response_hours IS NOT NULL AND accepted_at IS NULL AND (status <> 'declined' OR closed_at IS NULL);
--> statement-breakpoint
CREATE INDEX service_requests_provider_response_due_idx ON service_requests (provider_id, report_clock_deadline(sent_at, response_hours, 0))
  INCLUDE (sent_at, response_hours) WHERE response_hours IS NOT NULL AND accepted_at IS NULL AND (status <> 'declined' OR closed_at IS NULL);
--> statement-breakpoint
CREATE INDEX service_requests_org_resolution_due_idx ON service_requests
  (organisation_id, report_request_resolution_deadline(sent_at, resolution_hours, paused_ms, paused_since))
  INCLUDE (sent_at, resolution_hours, paused_ms, paused_since) WHERE resolution_hours IS NOT NULL AND status <> 'declined' AND closed_at IS NULL;
--> statement-breakpoint
CREATE INDEX service_requests_provider_resolution_due_idx ON service_requests
  (provider_id, report_request_resolution_deadline(sent_at, resolution_hours, paused_ms, paused_since))
  INCLUDE (sent_at, resolution_hours, paused_ms, paused_since) WHERE resolution_hours IS NOT NULL AND status <> 'declined' AND closed_at IS NULL;
--> statement-breakpoint
-- The rows so far, added up once.
INSERT INTO report_work_months (organisation_id, side, subject, month, status, n, completed, cost_kobo, unsatisfactory,
  response_seconds, response_count, resolution_seconds, resolution_count, response_on_time, response_measured,
  resolution_on_time, resolution_measured)
SELECT org, side, (v).subject, (v).month, (v).status, sum((v).n), sum((v).completed), sum((v).cost_kobo), sum((v).unsatisfactory),
  sum((v).response_seconds), sum((v).response_count), sum((v).resolution_seconds), sum((v).resolution_count),
  sum((v).response_on_time), sum((v).response_measured), sum((v).resolution_on_time), sum((v).resolution_measured)
  FROM (SELECT w.organisation_id AS org, 'owner' AS side, report_work_order_share(w) AS v FROM work_orders w
        UNION ALL SELECT w.provider_id, 'provider', report_work_order_share(w) FROM work_orders w WHERE w.sent_at IS NOT NULL AND w.provider_id IS NOT NULL
        UNION ALL SELECT r.organisation_id, 'owner', report_service_request_share(r) FROM service_requests r
        UNION ALL SELECT r.provider_id, 'provider', report_service_request_share(r) FROM service_requests r WHERE r.provider_id IS NOT NULL
        OFFSET 0) x
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_work_party_spend (organisation_id, side, party_id, cost_kobo)
SELECT org, side, party, sum(total_kobo)
  FROM (SELECT organisation_id AS org, 'owner' AS side, provider_id AS party, total_kobo FROM work_orders
         WHERE sent_at IS NOT NULL AND status <> 'declined' AND provider_id IS NOT NULL
        UNION ALL SELECT provider_id, 'provider', organisation_id, total_kobo FROM work_orders
         WHERE sent_at IS NOT NULL AND status <> 'declined' AND provider_id IS NOT NULL) x
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_work_subject_spend (organisation_id, side, cluster_id, asset_id, asset_cluster_id, asset_category_id, cost_kobo)
SELECT x.org, x.side, x.cluster_id, x.asset_id, a.cluster_id, a.category_id, x.cost
  FROM (SELECT org, side, cluster_id, asset_id, sum(total_kobo) AS cost
          FROM (SELECT organisation_id AS org, 'owner' AS side, cluster_id, asset_id, total_kobo FROM work_orders
                 WHERE sent_at IS NOT NULL AND status <> 'declined' AND provider_id IS NOT NULL
                UNION ALL SELECT provider_id, 'provider', cluster_id, asset_id, total_kobo FROM work_orders
                 WHERE sent_at IS NOT NULL AND status <> 'declined' AND provider_id IS NOT NULL) o
         GROUP BY 1, 2, 3, 4) x
  LEFT JOIN assets a ON a.id = x.asset_id;
--> statement-breakpoint
INSERT INTO report_approval_levels (organisation_id, position, name, n, seconds)
SELECT organisation_id, position, name, count(*), sum(date_part('epoch', (decided_at - asked_at))::numeric)
  FROM approval_steps WHERE document_type = 'wo' AND asked_at IS NOT NULL AND decided_at IS NOT NULL
 GROUP BY 1, 2, 3;
--> statement-breakpoint
-- An owner's whole report now reads report_approval_levels, not its decided steps.
DROP INDEX approval_steps_org_decided_idx;
