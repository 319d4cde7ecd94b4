import type { ScoreCardDetail, ScoreCardMetric, ScoreCardOrder, ScoreCardRow } from '@amp/contracts/score-card';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
      const page = await api.page<ScoreCardRow>('/v2/score-card/all/list', query);
      return { ...page, data: page.data.map((row): RankedProvider => ({ ...row, _id: row.provider._id })) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/score-card/{id}. */
export function useScoreCard(id: string) {
  return useQuery({ queryKey: scoreCardQueryKeys.detail(id), queryFn: () => api.get<ScoreCardDetail>(`/v2/score-card/${id}`) });
}

/** GET /v2/score-card/mine. */
export function useOwnScoreCard() {
  return useQuery({ queryKey: scoreCardQueryKeys.mine, queryFn: () => api.get<ScoreCardDetail>('/v2/score-card/mine') });
}

/** Where a card's drill-down reads: one provider's (`/v2/score-card/{id}`) or one's own (`/v2/score-card/mine`). */
export function useScoreCardOrders(
  source: string,
  query: { metric: ScoreCardMetric | null; page: number; pageSize: number; owner?: string | undefined },
) {
  const { metric, ...rest } = query;
  const params = { ...rest, metric: metric ?? undefined };
  return useQuery({
    queryKey: scoreCardQueryKeys.orders(source, params),
    queryFn: () => api.page<ScoreCardOrder>(`${source}/work-orders`, params),
    enabled: metric !== null,
    placeholderData: keepPreviousData,
  });
}
