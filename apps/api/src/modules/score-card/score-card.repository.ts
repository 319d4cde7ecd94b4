import {
  EMPTY_SCORE_CARD_SUMS,
  SCORE_CARD_HALF_LIFE_DAYS,
  SCORE_CARD_TREND_DAYS,
  type ScoreCardMetric,
  type ScoreCardSums,
} from '@amp/contracts/score-card';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { slaClockSql } from '../../rules/sla-clock.js';

/**
 * Which work orders (and service requests) a card adds up: an owner's, a provider's, or both.
 * Every read folds these into its WHERE, so another tenant's orders are never counted.
 */
export interface ScoreCardScope {
  ownerId?: string;
  providerId?: string;
}

/** What the sums are grouped by: the provider (an owner's ranking) or the owner (a provider's breakdown). */
export type ScoreCardGroup = 'provider' | 'owner';

function scopeOn(alias: 'w' | 's' | 'k', scope: ScoreCardScope): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.ownerId) parts.push(sql`${sql.raw(alias)}.organisation_id = ${scope.ownerId}`);
  if (scope.providerId) parts.push(sql`${sql.raw(alias)}.provider_id = ${scope.providerId}`);
  return sql.join(parts, sql` and `);
}

const HALF_LIFE_SECONDS = SCORE_CARD_HALF_LIFE_DAYS * 86_400;

/*
 * The arithmetic is float8 throughout: extract(epoch ...) and `x / 1000.0` are numeric, and numeric
 * arithmetic over an owner's 100,000 orders cost seconds (issue 12's benchmark); date_part() is float8.
 */

/** A work order `w`'s two SLA clocks at `now` (the response clock never pauses). */
function clocksOf(now: SQL) {
  return {
    response: slaClockSql({ targetHours: sql`w.response_hours`, startedAt: sql`w.sent_at`, stoppedAt: sql`w.accepted_at`, now }),
    resolution: slaClockSql({
      targetHours: sql`w.resolution_hours`,
      startedAt: sql`w.sent_at`,
      stoppedAt: sql`w.completed_at`,
      pausedMs: sql`w.paused_ms`,
      now,
    }),
  };
}

/**
 * The SLA verdicts of a work order `w` (null: not measured), slaClock()'s rule (rules/sla-clock.ts):
 * elapsed <= target is on time; the response clock is never paused; an order still open past its
 * target is late. Elapsed is float8 seconds, exact for whole seconds, so "exactly the target is on time" holds.
 */
function verdicts(now: string) {
  const { response, resolution } = clocksOf(sql`${now}::timestamptz`);
  return {
    response: sql`case
        when w.accepted_at is not null then ${response.stoppedOnTime}
        when w.status = 'sent' and ${response.runningLate} then false
      end`,
    resolution: sql`case
        when w.completed_at is not null then ${resolution.stoppedOnTime}
        when w.status in ('accepted', 'assigned', 'in_progress', 'on_hold') and ${resolution.runningLate} then false
      end`,
    respondHours: sql`${response.elapsedSecondsAt(sql`w.accepted_at`)} / 3600`,
    resolveHours: sql`${resolution.elapsedSecondsAt(sql`w.completed_at`)} / 3600`,
  };
}

/**
 * One row per work order the provider received (sent_at set) with what each drill-down needs: the
 * SLA verdicts, the instants their weights count from, the hours, the recalls.
 */
function orderFacts(scope: ScoreCardScope, now: string): SQL {
  const v = verdicts(now);
  return sql`
    select w.id, w.code, w.title, w.status, w.organisation_id, w.provider_id,
      w.sent_at, w.accepted_at, w.completed_at, w.response_hours, w.resolution_hours,
      w.rating, w.unsatisfactory_count,
      w.recall_count as recalls,
      ${v.response} as response_on_time,
      coalesce(w.accepted_at, w.sent_at) as response_at,
      ${v.resolution} as resolution_on_time,
      coalesce(w.completed_at, w.sent_at) as resolution_at,
      ${v.respondHours} as respond_hours,
      ${v.resolveHours} as resolve_hours,
      coalesce(w.completed_at, w.rated_at) as rating_at
    from work_orders w
    where w.sent_at is not null and ${scopeOn('w', scope)}`;
}

type SumRow = Record<keyof ScoreCardSums | 'orderKey' | 'name' | 'kind', string | number | null>;

/** ln 2 / half-life: a weight is exp(-age in seconds x this), i.e. 0.5 ^ (age / half-life). */
const DECAY_PER_SECOND = Math.LN2 / HALF_LIFE_SECONDS;
/** The instant score_card_sums' weights count from (migration 0036): 2020-01-01T00:00:00Z. */
const KEPT_WEIGHT_EPOCH_SECONDS = 1_577_836_800;

/** The statuses in which a work order's SLA clocks still run (slaClock()): the response while sent, the resolution after. */
const RESPONSE_RUNNING = sql`'sent'`;
const RESOLUTION_RUNNING = sql`'accepted', 'assigned', 'in_progress', 'on_hold'`;

/**
 * The sums of scoreCardFigures() per provider or per owner within the scope, with that party's name
 * and kind. A party appears once it received (or declined) anything in the scope.
 *
 * Read from what is kept, not from an owner's 100,000 orders (issue 12's benchmark):
 * - score_card_sums (migration 0036): per owner and provider, everything that no longer depends on
 *   the clock, each weight kept as exp((t - 2020-01-01) x decay); today's weights are those sums times
 *   exp(-(now - 2020-01-01) x decay), one factor for all. A figure whose count is 0 reads 0, not the
 *   rounding left over after orders were taken away. An instant later than `now` (a clock ahead)
 *   weighs a little over 1 there, where the rule caps it at 1.
 * - the orders whose SLA clock still runs (work_orders_*_running_idx): one past its target is late
 *   now, weighed from its sending;
 * - the ratings of the trend's two windows (work_orders_*_rating_at_idx);
 * - the declined service requests.
 * Each runs on a connection of its own (its own snapshot: a write landing between them can show in
 * one only).
 */
export async function scoreCardSums(
  db: Db,
  scope: ScoreCardScope,
  group: ScoreCardGroup,
  now: Date,
): Promise<{ id: string; name: string; kind: string; sums: ScoreCardSums }[]> {
  const key = sql.raw(group === 'provider' ? 'provider_id' : 'organisation_id');
  const nowSeconds = now.getTime() / 1000;
  const factor = sql`${Math.exp(-(nowSeconds - KEPT_WEIGHT_EPOCH_SECONDS) * DECAY_PER_SECOND)}::float8`;
  const trend = SCORE_CARD_TREND_DAYS * 86_400;
  const recentFrom = sql`${nowSeconds - trend}::float8`;
  const priorFrom = sql`${nowSeconds - 2 * trend}::float8`;
  const weighed = (count: string, weight: string) =>
    sql`case when sum(k.${sql.raw(count)}) = 0 then 0 else sum(k.${sql.raw(weight)}) * ${factor} end`;
  const kept = db.execute(sql`
    select kept.*, org.name, org.kind from (
      select k.${key} as "orderKey",
        sum(k.jobs_completed) as "jobsCompleted",
        sum(k.response_count) as "responseCount",
        ${weighed('response_count', 'response_weight')} as "responseWeight",
        ${weighed('response_count', 'response_on_time_weight')} as "responseOnTimeWeight",
        sum(k.resolution_count) as "resolutionCount",
        ${weighed('resolution_count', 'resolution_weight')} as "resolutionWeight",
        ${weighed('resolution_count', 'resolution_on_time_weight')} as "resolutionOnTimeWeight",
        ${weighed('responded_count', 'responded_weight')} as "respondedWeight",
        ${weighed('responded_count', 'responded_weighted_hours')} as "respondedWeightedHours",
        ${weighed('jobs_completed', 'resolved_weight')} as "resolvedWeight",
        ${weighed('jobs_completed', 'resolved_weighted_hours')} as "resolvedWeightedHours",
        sum(k.rating_count) as "ratingCount",
        ${weighed('rating_count', 'rating_weight')} as "ratingWeight",
        ${weighed('rating_count', 'rating_weighted_sum')} as "ratingWeightedSum",
        sum(k.unsatisfactory) as unsatisfactory,
        sum(k.recalls) as recalls,
        sum(k.declined_orders) as declined
      from score_card_sums k where ${scopeOn('k', scope)}
      group by 1
    ) kept join organisations org on org.id = kept."orderKey"`);
  const weight = (since: SQL) =>
    sql`exp(-greatest(0::float8, ${nowSeconds}::float8 - ${since}) * ${sql.raw(String(DECAY_PER_SECOND))}::float8)`;
  const openClocks = clocksOf(sql`${now.toISOString()}::timestamptz`);
  const running = db.execute(sql`
    select key,
      count(*) filter (where response_late) as "responseCount",
      coalesce(sum(weight) filter (where response_late), 0) as "responseWeight",
      count(*) filter (where resolution_late) as "resolutionCount",
      coalesce(sum(weight) filter (where resolution_late), 0) as "resolutionWeight"
    from (
      select w.${key} as key, ${weight(sql`date_part('epoch', w.sent_at)`)} as weight,
        w.status in (${RESPONSE_RUNNING}) and ${openClocks.response.runningLate} as response_late,
        w.status in (${RESOLUTION_RUNNING}) and ${openClocks.resolution.runningLate} as resolution_late
      from work_orders w
      where w.sent_at is not null and w.status in (${RESPONSE_RUNNING}, ${RESOLUTION_RUNNING}) and ${scopeOn('w', scope)}
      offset 0
    ) open
    group by 1`);
  const ratings = db.execute(sql`
    select key,
      coalesce(sum(rating) filter (where r > ${recentFrom}), 0) as "recentRatingSum",
      count(*) filter (where r > ${recentFrom}) as "recentRatingCount",
      coalesce(sum(rating) filter (where r <= ${recentFrom}), 0) as "priorRatingSum",
      count(*) filter (where r <= ${recentFrom}) as "priorRatingCount"
    from (
      select w.${key} as key, w.rating, date_part('epoch', coalesce(w.completed_at, w.rated_at)) as r
      from work_orders w
      where w.rating is not null and w.sent_at is not null and ${scopeOn('w', scope)}
        and coalesce(w.completed_at, w.rated_at) > to_timestamp(${priorFrom})
      offset 0
    ) rated
    group by 1`);
  const requests = db.execute(sql`
    select s.${key} as key, org.name, org.kind, count(*) as declined
    from service_requests s join organisations org on org.id = s.${key}
    where s.status = 'declined' and ${scopeOn('s', scope)}
    group by 1, 2, 3`);
  const [keptRows, runningRows, ratingRows, requestRows] = (await Promise.all([kept, running, ratings, requests])).map(
    (result) => (result as unknown as { rows: Record<string, string | number | null>[] }).rows,
  );
  const byKey = new Map<string, { id: string; name: string; kind: string; sums: ScoreCardSums }>();
  const party = (id: string, row: Record<string, string | number | null>) => {
    let found = byKey.get(id);
    if (!found) {
      found = { id, name: String(row.name), kind: String(row.kind), sums: { ...EMPTY_SCORE_CARD_SUMS } };
      byKey.set(id, found);
    }
    return found.sums;
  };
  for (const row of keptRows as SumRow[]) {
    const sums = party(String(row.orderKey), row);
    for (const field of Object.keys(EMPTY_SCORE_CARD_SUMS) as (keyof ScoreCardSums)[]) sums[field] += Number(row[field] ?? 0);
  }
  // What is added to a party already read (a party with a sent order has a kept row).
  const addTo = (rows: Record<string, string | number | null>[] | undefined) => {
    for (const row of rows ?? []) {
      const sums = byKey.get(String(row.key))?.sums;
      if (!sums) continue;
      for (const [field, value] of Object.entries(row)) if (field !== 'key') sums[field as keyof ScoreCardSums] += Number(value ?? 0);
    }
  };
  addTo(runningRows);
  addTo(ratingRows);
  for (const row of requestRows ?? []) party(String(row.key), row).declined += Number(row.declined);
  return [...byKey.values()];
}

/** Whether the scope has anything on a card: a work order sent or a service request declined (else the card is a 404). */
export async function scoreCardKnown(db: Db, scope: ScoreCardScope): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from work_orders w where w.sent_at is not null and ${scopeOn('w', scope)})
      or exists (select 1 from service_requests s where s.status = 'declined' and ${scopeOn('s', scope)}) as known`);
  return (result as unknown as { rows: { known: boolean }[] }).rows[0]?.known === true;
}

/** Each drill-down: the orders behind a figure, and the instant they are listed by (newest first). */
const METRIC_FILTER: Record<Exclude<ScoreCardMetric, 'declined'>, { where: string; at: string }> = {
  completed: { where: 'completed_at is not null', at: 'completed_at' },
  responded: { where: 'accepted_at is not null', at: 'accepted_at' },
  responseOnTime: { where: 'response_on_time', at: 'response_at' },
  responseLate: { where: 'response_on_time = false', at: 'response_at' },
  resolutionOnTime: { where: 'resolution_on_time', at: 'resolution_at' },
  resolutionLate: { where: 'resolution_on_time = false', at: 'resolution_at' },
  rated: { where: 'rating is not null', at: 'rating_at' },
  unsatisfactory: { where: 'unsatisfactory_count > 0', at: 'resolution_at' },
  recalls: { where: 'recalls > 0', at: 'resolution_at' },
};

export interface DrillRow {
  id: string;
  type: 'work_order' | 'service_request';
  code: string;
  title: string;
  status: string;
  ownerId: string;
  ownerName: string;
  sentAt: Date | string | null;
  acceptedAt: Date | string | null;
  completedAt: Date | string | null;
  responseTargetHours: number | null;
  resolutionTargetHours: number | null;
  respondHours: string | number | null;
  resolveHours: string | number | null;
  rating: number | null;
  unsatisfactory: number;
  recalls: number;
  total: string | number;
}

/** A page of the orders behind a figure within the scope (declined adds the declined service requests). */
export async function drillDown(
  db: Db,
  scope: ScoreCardScope,
  metric: ScoreCardMetric,
  page: { page: number; pageSize: number },
  now: Date,
): Promise<{ rows: DrillRow[]; total: number }> {
  const at = now.toISOString();
  const orders = (where: SQL, eventAt: SQL) => sql`
    select id, 'work_order' as type, code, title, status, organisation_id, sent_at, accepted_at, completed_at,
      response_hours, resolution_hours, case when accepted_at is not null then respond_hours end as respond_hours,
      case when completed_at is not null then resolve_hours end as resolve_hours,
      rating, unsatisfactory_count, recalls, ${eventAt} as event_at
    from facts where ${where}`;
  const rows =
    metric === 'declined'
      ? sql`${orders(sql`status = 'declined'`, sql`sent_at`)}
        union all
        select s.id, 'service_request', s.code, s.title, s.status, s.organisation_id, s.sent_at, s.accepted_at, null,
          s.response_hours, s.resolution_hours, null, null, null, 0, 0, s.sent_at
        from service_requests s where s.status = 'declined' and ${scopeOn('s', scope)}`
      : orders(sql.raw(METRIC_FILTER[metric].where), sql.raw(METRIC_FILTER[metric].at));
  const result = await db.execute(sql`
    with facts as (${orderFacts(scope, at)}), picked as (${rows})
    select picked.id, picked.type, picked.code, picked.title, picked.status,
      picked.organisation_id as "ownerId", org.name as "ownerName",
      picked.sent_at as "sentAt", picked.accepted_at as "acceptedAt", picked.completed_at as "completedAt",
      picked.response_hours as "responseTargetHours", picked.resolution_hours as "resolutionTargetHours",
      picked.respond_hours as "respondHours", picked.resolve_hours as "resolveHours",
      picked.rating, picked.unsatisfactory_count as unsatisfactory, picked.recalls,
      count(*) over () as total
    from picked join organisations org on org.id = picked.organisation_id
    order by picked.event_at desc nulls last, picked.code desc
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  const found = (result as unknown as { rows: DrillRow[] }).rows;
  let total = Number(found[0]?.total ?? 0);
  // Past the last page there is no row to carry the count: count on its own.
  if (found.length === 0 && page.page > 1) {
    const counted = await db.execute(
      sql`with facts as (${orderFacts(scope, at)}), picked as (${rows}) select count(*) as total from picked`,
    );
    total = Number((counted as unknown as { rows: { total: string }[] }).rows[0]?.total ?? 0);
  }
  return { rows: found, total };
}
