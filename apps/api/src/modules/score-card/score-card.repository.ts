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

/** Age in days of an event at `at`, seen at `now`: a column expression. */
const ageDays = (at: SQL, now: string) => sql`(extract(epoch from (${now}::timestamptz - ${at})) / 86400.0)`;
/** scoreCardWeight() in SQL: 0.5 ^ (age / half-life), a future event counting as now. */
const weightOf = (at: SQL, now: string) =>
  sql`power(0.5, greatest(0, ${ageDays(at, now)}) / ${sql.raw(String(SCORE_CARD_HALF_LIFE_DAYS))})`;

/**
 * One row per work order the provider received (sent_at set) with what each figure needs: the
 * SLA verdicts (null: not measured), the instants their weights count from, the hours. The SLA
 * arithmetic is slaClock()'s: elapsed <= target is on time; the response clock is never paused.
 */
function orderFacts(scope: ScoreCardScope, now: string): SQL {
  const sinceSent = sql`extract(epoch from (${now}::timestamptz - w.sent_at))`;
  return sql`
    select w.id, w.code, w.title, w.status, w.organisation_id, w.provider_id,
      w.sent_at, w.accepted_at, w.completed_at, w.response_hours, w.resolution_hours,
      w.rating, w.unsatisfactory_count,
      (select count(*) from work_order_recalls r where r.work_order_id = w.id)::int as recalls,
      case
        when w.response_hours is null then null
        when w.accepted_at is not null then extract(epoch from (w.accepted_at - w.sent_at)) <= w.response_hours * 3600
        when w.status = 'sent' and ${sinceSent} > w.response_hours * 3600 then false
      end as response_on_time,
      coalesce(w.accepted_at, w.sent_at) as response_at,
      case
        when w.resolution_hours is null then null
        when w.completed_at is not null
          then extract(epoch from (w.completed_at - w.sent_at)) - w.paused_ms / 1000.0 <= w.resolution_hours * 3600
        when w.status in ('accepted', 'assigned', 'in_progress', 'on_hold')
          and ${sinceSent} - w.paused_ms / 1000.0 > w.resolution_hours * 3600 then false
      end as resolution_on_time,
      coalesce(w.completed_at, w.sent_at) as resolution_at,
      greatest(0, extract(epoch from (w.accepted_at - w.sent_at))) / 3600.0 as respond_hours,
      greatest(0, extract(epoch from (w.completed_at - w.sent_at)) - w.paused_ms / 1000.0) / 3600.0 as resolve_hours,
      coalesce(w.completed_at, w.rated_at) as rating_at
    from work_orders w
    where w.sent_at is not null and ${scopeOn('w', scope)}`;
}

type SumRow = Record<keyof ScoreCardSums, string | number | null> & { key: string; name: string; kind: string };

/**
 * The sums of scoreCardFigures() per provider or per owner within the scope, with that party's name
 * and kind. A party appears once it received (or declined) anything in the scope.
 */
export async function scoreCardSums(
  db: Db,
  scope: ScoreCardScope,
  group: ScoreCardGroup,
  now: Date,
): Promise<{ id: string; name: string; kind: string; sums: ScoreCardSums }[]> {
  const at = now.toISOString();
  const key = sql.raw(group === 'provider' ? 'provider_id' : 'organisation_id');
  const w = (column: string) => weightOf(sql.raw(column), at);
  const recent = sql`rating_at > ${at}::timestamptz - ${sql.raw(`interval '${SCORE_CARD_TREND_DAYS} days'`)}`;
  const prior = sql`rating_at <= ${at}::timestamptz - ${sql.raw(`interval '${SCORE_CARD_TREND_DAYS} days'`)}
    and rating_at > ${at}::timestamptz - ${sql.raw(`interval '${2 * SCORE_CARD_TREND_DAYS} days'`)}`;
  const result = await db.execute(sql`
    with facts as (${orderFacts(scope, at)}),
    orders as (
      select ${key} as "orderKey",
        count(*) filter (where completed_at is not null) as "jobsCompleted",
        count(*) filter (where response_on_time is not null) as "responseCount",
        coalesce(sum(${w('response_at')}) filter (where response_on_time is not null), 0) as "responseWeight",
        coalesce(sum(${w('response_at')}) filter (where response_on_time), 0) as "responseOnTimeWeight",
        count(*) filter (where resolution_on_time is not null) as "resolutionCount",
        coalesce(sum(${w('resolution_at')}) filter (where resolution_on_time is not null), 0) as "resolutionWeight",
        coalesce(sum(${w('resolution_at')}) filter (where resolution_on_time), 0) as "resolutionOnTimeWeight",
        coalesce(sum(${w('accepted_at')}) filter (where accepted_at is not null), 0) as "respondedWeight",
        coalesce(sum(${w('accepted_at')} * respond_hours) filter (where accepted_at is not null), 0) as "respondedWeightedHours",
        coalesce(sum(${w('completed_at')}) filter (where completed_at is not null), 0) as "resolvedWeight",
        coalesce(sum(${w('completed_at')} * resolve_hours) filter (where completed_at is not null), 0) as "resolvedWeightedHours",
        count(rating) as "ratingCount",
        coalesce(sum(${w('rating_at')}) filter (where rating is not null), 0) as "ratingWeight",
        coalesce(sum(${w('rating_at')} * rating) filter (where rating is not null), 0) as "ratingWeightedSum",
        coalesce(sum(rating) filter (where ${recent}), 0) as "recentRatingSum",
        count(rating) filter (where ${recent}) as "recentRatingCount",
        coalesce(sum(rating) filter (where ${prior}), 0) as "priorRatingSum",
        count(rating) filter (where ${prior}) as "priorRatingCount",
        coalesce(sum(unsatisfactory_count), 0) as unsatisfactory,
        coalesce(sum(recalls), 0) as recalls,
        count(*) filter (where status = 'declined') as "declinedOrders"
      from facts group by 1
    ),
    requests as (
      select s.${key} as "requestKey", count(*) as "declinedRequests"
      from service_requests s
      where s.status = 'declined' and ${scopeOn('s', scope)}
      group by 1
    )
    select orders.*, org.id as key, org.name, org.kind,
      coalesce(orders."declinedOrders", 0) + coalesce(requests."declinedRequests", 0) as declined
    from orders full join requests on requests."requestKey" = orders."orderKey"
    join organisations org on org.id = coalesce(orders."orderKey", requests."requestKey")`);
  const rows = (result as unknown as { rows: SumRow[] }).rows;
  return rows.map((row) => {
    const sums = { ...EMPTY_SCORE_CARD_SUMS };
    for (const field of Object.keys(EMPTY_SCORE_CARD_SUMS) as (keyof ScoreCardSums)[]) sums[field] = Number(row[field] ?? 0);
    return { id: row.key, name: row.name, kind: row.kind, sums };
  });
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
