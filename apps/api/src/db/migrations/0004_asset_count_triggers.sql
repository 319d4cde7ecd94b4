-- Asset counts per organisation and per cluster, kept in the writing transaction by
-- statement-level triggers (one pass per statement, so a 100,000-row import updates each
-- counter once). Lists read these instead of counting rows (docs/decisions/0008).
CREATE FUNCTION assets_count_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organisation_asset_counts AS c (organisation_id, total)
    SELECT organisation_id, count(*) FROM new_rows GROUP BY organisation_id
  ON CONFLICT (organisation_id) DO UPDATE SET total = c.total + excluded.total;
  UPDATE clusters SET asset_count = clusters.asset_count + n.added
    FROM (SELECT cluster_id, count(*) AS added FROM new_rows WHERE cluster_id IS NOT NULL GROUP BY cluster_id) n
    WHERE clusters.id = n.cluster_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION assets_count_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organisation_asset_counts SET total = organisation_asset_counts.total - d.removed
    FROM (SELECT organisation_id, count(*) AS removed FROM old_rows GROUP BY organisation_id) d
    WHERE organisation_asset_counts.organisation_id = d.organisation_id;
  UPDATE clusters SET asset_count = clusters.asset_count - d.removed
    FROM (SELECT cluster_id, count(*) AS removed FROM old_rows WHERE cluster_id IS NOT NULL GROUP BY cluster_id) d
    WHERE clusters.id = d.cluster_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION assets_count_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of cluster moves counts; organisations never change.
  UPDATE clusters SET asset_count = clusters.asset_count + m.delta
    FROM (
      SELECT cluster_id, sum(delta) AS delta FROM (
        SELECT o.cluster_id, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.cluster_id IS DISTINCT FROM n.cluster_id AND o.cluster_id IS NOT NULL
        UNION ALL
        SELECT n.cluster_id, 1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.cluster_id IS DISTINCT FROM n.cluster_id AND n.cluster_id IS NOT NULL
      ) moves GROUP BY cluster_id
    ) m
    WHERE clusters.id = m.cluster_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assets_count_insert AFTER INSERT ON assets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_count_on_insert();
--> statement-breakpoint
CREATE TRIGGER assets_count_delete AFTER DELETE ON assets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_count_on_delete();
--> statement-breakpoint
CREATE TRIGGER assets_count_update AFTER UPDATE ON assets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_count_on_update();
--> statement-breakpoint
-- Existing data.
INSERT INTO organisation_asset_counts (organisation_id, total)
  SELECT organisation_id, count(*) FROM assets GROUP BY organisation_id;
--> statement-breakpoint
UPDATE clusters SET asset_count = c.n FROM (SELECT cluster_id, count(*) AS n FROM assets WHERE cluster_id IS NOT NULL GROUP BY cluster_id) c
  WHERE clusters.id = c.cluster_id;
