import {
  EMPTY_SCORE_CARD_SUMS,
  SCORE_CARD_HALF_LIFE_DAYS,
  SCORE_CARD_TREND_DAYS,
  type ScoreCardMetric,
  type ScoreCardSums,
} from '@amp/contracts/score-card';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

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

function scopeOn(alias: 'w' | 's', scope: ScoreCardScope): SQL {
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

/** Seconds between two instants (float8): exact for whole seconds, so "exactly the target is on time" holds. */
const secondsBetween = (from: SQL, to: SQL) => sql`date_part('epoch', ${to} - ${from})`;

/**
 * The SLA verdicts of a work order `w` (null: not measured), slaClock()'s arithmetic: elapsed <=
 * target is on time; the response clock is never paused; an order still open past its target is late.
 */
function verdicts(now: string) {
  const sinceSent = secondsBetween(sql`w.sent_at`, sql`${now}::timestamptz`);
  const paused = sql`w.paused_ms::float8 / 1000`;
  return {
    response: sql`case
        when w.response_hours is null then null
        when w.accepted_at is not null then ${secondsBetween(sql`w.sent_at`, sql`w.accepted_at`)} <= w.response_hours * 3600
        when w.status = 'sent' and ${sinceSent} > w.response_hours * 3600 then false
      end`,
    resolution: sql`case
        when w.resolution_hours is null then null
        when w.completed_at is not null then ${secondsBetween(sql`w.sent_at`, sql`w.completed_at`)} - ${paused} <= w.resolution_hours * 3600
        when w.status in ('accepted', 'assigned', 'in_progress', 'on_hold') and ${sinceSent} - ${paused} > w.resolution_hours * 3600 then false
      end`,
    respondHours: sql`greatest(0::float8, ${secondsBetween(sql`w.sent_at`, sql`w.accepted_at`)}) / 3600`,
    resolveHours: sql`greatest(0::float8, ${secondsBetween(sql`w.sent_at`, sql`w.completed_at`)} - ${paused}) / 3600`,
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
      (select count(*) from work_order_recalls r where r.work_order_id = w.id)::int as recalls,
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

type SumRow = Record<keyof ScoreCardSums | 'orderKey' | 'declinedOrders' | 'name' | 'kind', string | number | null>;

/** ln 2 / half-life: a weight is exp(-age in seconds x this), i.e. 0.5 ^ (age / half-life). */
const DECAY_PER_SECOND = Math.LN2 / HALF_LIFE_SECONDS;

/**
 * The sums of scoreCardFigures() per provider or per owner within the scope, with that party's name
 * and kind. A party appears once it received (or declined) anything in the scope.
 *
 * Built for an owner's 100,000 orders (issue 12's benchmark): one pass over the scope's work orders
 * (for an owner an index-only scan of work_orders_org_report_idx), every instant turned into float8
 * epoch seconds once (`epochs`), each row's verdicts and weights computed once (`facts`) and only
 * summed above it. `offset 0` keeps each level a subquery of its own: pulled up, every expression
 * would be computed again by each aggregate that reads it. The recalls (through their work order's
 * pkey) and the declined service requests are small grouped queries of their own, run beside it on
 * other connections (each its own snapshot: a write landing between them can show in one only).
 *
 * The SLA verdicts compare differences of epoch seconds: whole seconds are exact in float8, and two
 * instants of the same time of day subtract exactly, so "exactly the target is on time" holds.
 */
export async function scoreCardSums(
  db: Db,
  scope: ScoreCardScope,
  group: ScoreCardGroup,
  now: Date,
): Promise<{ id: string; name: string; kind: string; sums: ScoreCardSums }[]> {
  const key = sql.raw(group === 'provider' ? 'provider_id' : 'organisation_id');
  const nowSeconds = sql`${now.getTime() / 1000}::float8`;
  const trend = SCORE_CARD_TREND_DAYS * 86_400;
  const recentFrom = sql`${now.getTime() / 1000 - trend}::float8`;
  const priorFrom = sql`${now.getTime() / 1000 - 2 * trend}::float8`;
  const weight = (age: SQL) => sql`exp(-greatest(0::float8, ${age}) * ${sql.raw(String(DECAY_PER_SECOND))}::float8)`;
  const orders = db.execute(sql`
    select orders.*, org.name, org.kind from (
      select key as "orderKey",
        count(c) as "jobsCompleted",
        count(response_on_time) as "responseCount",
        sum(response_weight) filter (where response_on_time is not null) as "responseWeight",
        sum(response_weight) filter (where response_on_time) as "responseOnTimeWeight",
        count(resolution_on_time) as "resolutionCount",
        sum(resolution_weight) filter (where resolution_on_time is not null) as "resolutionWeight",
        sum(resolution_weight) filter (where resolution_on_time) as "resolutionOnTimeWeight",
        sum(response_weight) filter (where a is not null) as "respondedWeight",
        sum(response_weight * greatest(0::float8, a - s)) / 3600 as "respondedWeightedHours",
        sum(resolution_weight) filter (where c is not null) as "resolvedWeight",
        sum(resolution_weight * greatest(0::float8, c - s - paused)) / 3600 as "resolvedWeightedHours",
        count(rating) as "ratingCount",
        sum(rating_weight) as "ratingWeight",
        sum(rating_weight * rating) as "ratingWeightedSum",
        sum(rating) filter (where r > ${recentFrom}) as "recentRatingSum",
        count(rating) filter (where r > ${recentFrom}) as "recentRatingCount",
        sum(rating) filter (where r <= ${recentFrom} and r > ${priorFrom}) as "priorRatingSum",
        count(rating) filter (where r <= ${recentFrom} and r > ${priorFrom}) as "priorRatingCount",
        sum(unsatisfactory_count) as unsatisfactory,
        count(*) filter (where status = 'declined') as "declinedOrders"
      from (
        select key, status, rating, unsatisfactory_count, s, a, c, r, paused,
          -- slaClock(): the response clock is never paused; an order still open past its target is late.
          case
            when response_hours is null then null
            when a is not null then a - s <= response_hours * 3600
            when status = 'sent' and ${nowSeconds} - s > response_hours * 3600 then false
          end as response_on_time,
          case
            when resolution_hours is null then null
            when c is not null then c - s - paused <= resolution_hours * 3600
            when status in ('accepted', 'assigned', 'in_progress', 'on_hold')
              and ${nowSeconds} - s - paused > resolution_hours * 3600 then false
          end as resolution_on_time,
          -- The response's weight counts from the answer (the sending while none), the resolution's from
          -- the completion (likewise); answered and completed orders' mean hours use the same weights.
          ${weight(sql`${nowSeconds} - coalesce(a, s)`)} as response_weight,
          ${weight(sql`${nowSeconds} - coalesce(c, s)`)} as resolution_weight,
          -- greatest() skips nulls: an unrated order must not weigh 1.
          case when r is not null then ${weight(sql`${nowSeconds} - r`)} end as rating_weight
        from (
          select w.${key} as key, w.status, w.rating, w.unsatisfactory_count,
            w.response_hours, w.resolution_hours, w.paused_ms::float8 / 1000 as paused,
            date_part('epoch', w.sent_at) as s, date_part('epoch', w.accepted_at) as a,
            date_part('epoch', w.completed_at) as c,
            case when w.rating is not null then date_part('epoch', coalesce(w.completed_at, w.rated_at)) end as r
          from work_orders w
          where w.sent_at is not null and ${scopeOn('w', scope)}
          offset 0
        ) epochs
        offset 0
      ) facts
      group by 1
    ) orders join organisations org on org.id = orders."orderKey"`);
  const recalls = db.execute(sql`
    select w.${key} as key, count(*) as recalls
    from work_order_recalls r join work_orders w on w.id = r.work_order_id
    where w.sent_at is not null and ${scopeOn('w', scope)}
    group by 1`);
  const requests = db.execute(sql`
    select s.${key} as key, org.name, org.kind, count(*) as declined
    from service_requests s join organisations org on org.id = s.${key}
    where s.status = 'declined' and ${scopeOn('s', scope)}
    group by 1, 2, 3`);
  const [orderRows, recallRows, requestRows] = (await Promise.all([orders, recalls, requests])).map(
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
  for (const row of orderRows as SumRow[]) {
    const sums = party(String(row.orderKey), row);
    for (const field of Object.keys(EMPTY_SCORE_CARD_SUMS) as (keyof ScoreCardSums)[]) sums[field] = Number(row[field] ?? 0);
    sums.declined = Number(row.declinedOrders ?? 0);
  }
  for (const row of recallRows ?? []) {
    const found = byKey.get(String(row.key));
    if (found) found.sums.recalls = Number(row.recalls);
  }
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
