import { z } from 'zod';
import { idField, out, pageQuery, recordId } from './fields.js';
import { formatMessage } from './messages.js';
import { ORGANISATION_KINDS } from './organisation.js';
import { namedRefSchema } from './user.js';

/**
 * Service provider score cards (docs/product.md#score-cards; issue 12). The definitions live
 * here once; the API's SQL gathers the sums they need (score-card.repository.ts) and the web's help
 * text and docs/api-contract.md "Score cards" say the same in words.
 *
 * - Scope: the work orders an owner sent to a provider (sent_at set), grouped by provider; a
 *   provider's own card covers every owner it serves. `declined` also counts the service requests
 *   it declined.
 * - Recent work weighs more: a work order counts with w = 0.5 ^ (age in days / 90), the age taken
 *   from the event the figure is about (completion for jobs, resolution and rating; the response
 *   for response; the sending for a response still awaited).
 * - Counts are plain counts; rates and means are weighted. A figure with nothing behind it is null
 *   ("no data"), never zero.
 * - Response on time: among the orders with an SLA response target that were answered (accepted)
 *   or are still awaiting an answer past the target, the weighted share answered within it (sent to
 *   accepted). Resolution on time: likewise for the resolution target, sent to completed less the
 *   paused time; an order still open past its target already counts as late. Exactly the target is
 *   on time, as slaClock() says.
 * - Score 0-100: the weighted mean of the components with data (rating/5 weight 40, resolution on
 *   time 30, response on time 20, quality 10, quality = 1 - min(1, (recalls + unsatisfactory) /
 *   jobs completed)); no component at all: null, ranked last. Ties: more jobs completed first, then
 *   the name.
 */

/** Half-life of a work order's weight, in days. */
export const SCORE_CARD_HALF_LIFE_DAYS = 90;
/** The rating trend compares the mean of the last this many days with the same span before it. */
export const SCORE_CARD_TREND_DAYS = 90;

/** The weight of a work order whose event is `ageDays` old (a future event counts as now). */
export function scoreCardWeight(ageDays: number): number {
  return 0.5 ** (Math.max(0, ageDays) / SCORE_CARD_HALF_LIFE_DAYS);
}

/** The score's components and their weights (they renormalise over those with data). */
export const SCORE_COMPONENT_WEIGHTS = { rating: 40, resolutionOnTime: 30, responseOnTime: 20, quality: 10 } as const;

/**
 * What the database adds up per provider (or per owner of a provider's own card). `w*` are sums of
 * weights, `*Count` plain counts.
 */
export interface ScoreCardSums {
  jobsCompleted: number;
  /** Orders measured against a response target, and the weight of those on time. */
  responseCount: number;
  responseWeight: number;
  responseOnTimeWeight: number;
  resolutionCount: number;
  resolutionWeight: number;
  resolutionOnTimeWeight: number;
  /** Answered orders: sum of weights and of weight x hours from sent to accepted. */
  respondedWeight: number;
  respondedWeightedHours: number;
  /** Completed orders: sum of weights and of weight x hours from sent to completed, less the paused time. */
  resolvedWeight: number;
  resolvedWeightedHours: number;
  ratingCount: number;
  ratingWeight: number;
  ratingWeightedSum: number;
  /** Plain sums and counts of the ratings of the last 90 days and of the 90 before. */
  recentRatingSum: number;
  recentRatingCount: number;
  priorRatingSum: number;
  priorRatingCount: number;
  unsatisfactory: number;
  recalls: number;
  declined: number;
}

export const EMPTY_SCORE_CARD_SUMS: ScoreCardSums = {
  jobsCompleted: 0,
  responseCount: 0,
  responseWeight: 0,
  responseOnTimeWeight: 0,
  resolutionCount: 0,
  resolutionWeight: 0,
  resolutionOnTimeWeight: 0,
  respondedWeight: 0,
  respondedWeightedHours: 0,
  resolvedWeight: 0,
  resolvedWeightedHours: 0,
  ratingCount: 0,
  ratingWeight: 0,
  ratingWeightedSum: 0,
  recentRatingSum: 0,
  recentRatingCount: 0,
  priorRatingSum: 0,
  priorRatingCount: 0,
  unsatisfactory: 0,
  recalls: 0,
  declined: 0,
};

/** The sums of two parts (a provider's card over all its owners is the sum of its per-owner sums). */
export function addScoreCardSums(a: ScoreCardSums, b: ScoreCardSums): ScoreCardSums {
  const total = { ...a };
  for (const key of Object.keys(EMPTY_SCORE_CARD_SUMS) as (keyof ScoreCardSums)[]) total[key] = a[key] + b[key];
  return total;
}

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** A provider's figures (percentages 0-100, hours, rating 1-5), null where nothing is behind one. */
export interface ScoreCardFigures {
  jobsCompleted: number;
  responseOnTime: number | null;
  responseCount: number;
  resolutionOnTime: number | null;
  resolutionCount: number;
  meanTimeToRespondHours: number | null;
  meanTimeToResolveHours: number | null;
  averageRating: number | null;
  ratingCount: number;
  ratingTrend: number | null;
  unsatisfactory: number;
  recalls: number;
  declined: number;
  score: number | null;
}

/** The composite score 0-100 of shares 0-1 (null: no data), renormalised over those with data. */
export function compositeScore(parts: {
  rating: number | null;
  resolutionOnTime: number | null;
  responseOnTime: number | null;
  quality: number | null;
}) {
  let total = 0;
  let weights = 0;
  for (const key of Object.keys(SCORE_COMPONENT_WEIGHTS) as (keyof typeof SCORE_COMPONENT_WEIGHTS)[]) {
    const value = parts[key];
    if (value === null) continue;
    total += value * SCORE_COMPONENT_WEIGHTS[key];
    weights += SCORE_COMPONENT_WEIGHTS[key];
  }
  return weights === 0 ? null : (100 * total) / weights;
}

/** THE score card definitions: the figures and the score from the sums. */
export function scoreCardFigures(sums: ScoreCardSums): ScoreCardFigures {
  const responseShare = ratio(sums.responseOnTimeWeight, sums.responseWeight);
  const resolutionShare = ratio(sums.resolutionOnTimeWeight, sums.resolutionWeight);
  const rating = ratio(sums.ratingWeightedSum, sums.ratingWeight);
  const recent = ratio(sums.recentRatingSum, sums.recentRatingCount);
  const prior = ratio(sums.priorRatingSum, sums.priorRatingCount);
  const quality = sums.jobsCompleted > 0 ? 1 - Math.min(1, (sums.recalls + sums.unsatisfactory) / sums.jobsCompleted) : null;
  const score = compositeScore({
    rating: rating === null ? null : rating / 5,
    resolutionOnTime: resolutionShare,
    responseOnTime: responseShare,
    quality,
  });
  const respond = ratio(sums.respondedWeightedHours, sums.respondedWeight);
  const resolve = ratio(sums.resolvedWeightedHours, sums.resolvedWeight);
  return {
    jobsCompleted: sums.jobsCompleted,
    responseOnTime: responseShare === null ? null : round(100 * responseShare, 1),
    responseCount: sums.responseCount,
    resolutionOnTime: resolutionShare === null ? null : round(100 * resolutionShare, 1),
    resolutionCount: sums.resolutionCount,
    meanTimeToRespondHours: respond === null ? null : round(respond, 1),
    meanTimeToResolveHours: resolve === null ? null : round(resolve, 1),
    averageRating: rating === null ? null : round(rating, 2),
    ratingCount: sums.ratingCount,
    ratingTrend: recent === null || prior === null ? null : round(recent - prior, 2),
    unsatisfactory: sums.unsatisfactory,
    recalls: sums.recalls,
    declined: sums.declined,
    score: score === null ? null : round(score, 1),
  };
}

/** Ranks cards: higher score first, no score last; ties by more jobs completed, then by name. */
export function rankScoreCards<T extends { name: string; figures: ScoreCardFigures }>(cards: readonly T[]): (T & { rank: number })[] {
  return [...cards]
    .sort(
      (a, b) =>
        (b.figures.score ?? -1) - (a.figures.score ?? -1) ||
        b.figures.jobsCompleted - a.figures.jobsCompleted ||
        a.name.localeCompare(b.name),
    )
    .map((card, index) => ({ ...card, rank: index + 1 }));
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The work orders behind each figure (the drill-down). */
export const SCORE_CARD_METRICS = [
  'completed',
  'responded',
  'responseOnTime',
  'responseLate',
  'resolutionOnTime',
  'resolutionLate',
  'rated',
  'unsatisfactory',
  'recalls',
  'declined',
] as const;
export type ScoreCardMetric = (typeof SCORE_CARD_METRICS)[number];

export const scoreCardListQuery = pageQuery.pick({ page: true, pageSize: true, search: true });
export type ScoreCardListQuery = z.infer<typeof scoreCardListQuery>;

export const scoreCardParams = z.object({ id: recordId('Provider', 'provider') });

export const scoreCardDrillQuery = pageQuery.pick({ page: true, pageSize: true }).extend({
  metric: z.enum(SCORE_CARD_METRICS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Metric' }) }),
  /** On one's own card: only this owner's work orders. */
  owner: idField(formatMessage, 'Owner').optional(),
});
export type ScoreCardDrillQuery = z.infer<typeof scoreCardDrillQuery>;

// ---------------------------------------------------------------------------------------------
// Answers

const percent = () => z.number().min(0).max(100).nullable();
const hours = () => z.number().min(0).max(Number.MAX_SAFE_INTEGER).nullable();

export const scoreCardFiguresSchema = z
  .object({
    jobsCompleted: out.count(),
    responseOnTime: percent(),
    responseCount: out.count(),
    resolutionOnTime: percent(),
    resolutionCount: out.count(),
    meanTimeToRespondHours: hours(),
    meanTimeToResolveHours: hours(),
    averageRating: z.number().min(1).max(5).nullable(),
    ratingCount: out.count(),
    ratingTrend: z.number().min(-4).max(4).nullable(),
    unsatisfactory: out.count(),
    recalls: out.count(),
    declined: out.count(),
    score: percent(),
  })
  .meta({ id: 'ScoreCardFigures' });

export const scoreCardProviderSchema = namedRefSchema.extend({ kind: z.enum(ORGANISATION_KINDS) });

export const scoreCardRowSchema = z
  .object({ rank: out.count(), provider: scoreCardProviderSchema, figures: scoreCardFiguresSchema })
  .meta({ id: 'ScoreCardRow' });
export type ScoreCardRow = z.infer<typeof scoreCardRowSchema>;

export const scoreCardOwnerRowSchema = z.object({
  owner: namedRefSchema,
  figures: scoreCardFiguresSchema,
});
export type ScoreCardOwnerRow = z.infer<typeof scoreCardOwnerRowSchema>;

/** One provider's card: its rank among the caller's providers (none on one's own card) and, platform-wide or its own, per owner. */
export const scoreCardDetailSchema = z
  .object({
    provider: scoreCardProviderSchema,
    rank: out.count().nullable(),
    ranked: out.count(),
    figures: scoreCardFiguresSchema,
    owners: z.array(scoreCardOwnerRowSchema).max(10_000),
  })
  .meta({ id: 'ScoreCardDetail' });
export type ScoreCardDetail = z.infer<typeof scoreCardDetailSchema>;

/** A work order (or a declined service request) behind a figure; hours null where not measured. */
export const scoreCardOrderSchema = z
  .object({
    _id: out.id(),
    type: z.enum(['work_order', 'service_request']),
    code: out.text(60),
    title: out.text(500),
    status: out.text(40),
    owner: namedRefSchema,
    sentAt: out.timestamp().nullable(),
    acceptedAt: out.timestamp().nullable(),
    completedAt: out.timestamp().nullable(),
    responseTargetHours: out.count().nullable(),
    resolutionTargetHours: out.count().nullable(),
    responseHours: hours(),
    resolutionHours: hours(),
    rating: z.number().int().min(1).max(5).nullable(),
    unsatisfactory: out.count(),
    recalls: out.count(),
  })
  .meta({ id: 'ScoreCardOrder' });
export type ScoreCardOrder = z.infer<typeof scoreCardOrderSchema>;
