import { scoreCardOperations as op } from '@amp/contracts/operations/score-card';
import type { ScoreCardDetail, ScoreCardMetric, ScoreCardOrder, ScoreCardRow } from '@amp/contracts/score-card';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callAnswer } from '../../lib/api-call';

/** The score card pages' reads (packages/contracts/src/score-card.ts names each answer and the definitions). */

export type { ScoreCardDetail, ScoreCardMetric, ScoreCardOrder, ScoreCardRow };
/** A ranked row with the `_id` the shared list takes (the provider's). */
export type RankedProvider = ScoreCardRow & { _id: string };

export const scoreCardQueryKeys = {
  all: ['score-cards'] as const,
  list: (query: Record<string, string | number | undefined>) => ['score-cards', 'list', query] as const,
  detail: (id: string) => ['score-cards', 'detail', id] as const,
  mine: ['score-cards', 'mine'] as const,
  orders: (source: string, query: Record<string, string | number | undefined>) => ['score-cards', 'orders', source, query] as const,
};

/** GET /v2/score-card/all/list: the reader's providers, ranked. */
export function useScoreCardList(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: scoreCardQueryKeys.list(query),
    queryFn: async () => {
      const page = await callAnswer(op.list, { query });
      return { ...page, data: page.data.map((row): RankedProvider => ({ ...row, _id: row.provider._id })) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/score-card/{id}. */
export function useScoreCard(id: string) {
  return useQuery({ queryKey: scoreCardQueryKeys.detail(id), queryFn: () => call(op.detail, { params: { id } }) });
}

/** GET /v2/score-card/mine. */
export function useOwnScoreCard() {
  return useQuery({ queryKey: scoreCardQueryKeys.mine, queryFn: () => call(op.mine) });
}

/** Whose card a drill-down reads: one provider's (its id) or one's own (`'mine'`). */
export type ScoreCardSource = { providerId: string } | 'mine';

/** The work orders behind one figure: of one provider's card (GET /v2/score-card/:id/work-orders) or one's own (GET /v2/score-card/mine/work-orders). */
export function useScoreCardOrders(
  source: ScoreCardSource,
  query: { metric: ScoreCardMetric | null; page: number; pageSize: number; owner?: string | undefined },
) {
  const { metric, ...rest } = query;
  const params = { ...rest, metric: metric ?? undefined };
  return useQuery({
    queryKey: scoreCardQueryKeys.orders(source === 'mine' ? 'mine' : source.providerId, params),
    queryFn: () =>
      source === 'mine'
        ? callAnswer(op.mineWorkOrders, { query: params })
        : callAnswer(op.workOrders, { params: { id: source.providerId }, query: params }),
    enabled: metric !== null,
    placeholderData: keepPreviousData,
  });
}
