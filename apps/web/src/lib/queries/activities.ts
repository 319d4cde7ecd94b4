import { activityOperations as op } from '@amp/contracts/operations/activity';
import type { ActivityEntry } from '@amp/contracts/user';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callAnswer } from '../api-call';

export type { ActivityEntry };

export interface ActivityFeed {
  /** Leave out signing in and out (the dashboard shows what happened, not the sessions). */
  meaningful?: boolean;
}

/** Under 'users', so that the user administration's changes refresh the feeds too. */
const activityKeys = {
  recent: (userId: string, feed: ActivityFeed, size: number) => ['users', 'activities', userId, 'recent', feed, size] as const,
  pages: (userId: string, feed: ActivityFeed) => ['users', 'activities', userId, 'pages', feed] as const,
};

const queryOf = (feed: ActivityFeed) => (feed.meaningful ? { exclude: 'session' } : {});

/** A user's latest activities, newest first (GET /v2/activities/{userId}). */
export function useRecentActivities(userId: string, size: number, feed: ActivityFeed = {}) {
  return useQuery({
    queryKey: activityKeys.recent(userId, feed, size),
    queryFn: () => callAnswer(op.list, { params: { userId }, query: { page: 1, pageSize: size, ...queryOf(feed) } }),
    enabled: Boolean(userId),
  });
}

export const ACTIVITY_PAGE_SIZE = 10;

/** All of a user's activities, a page at a time ("Show older activity"). */
export function useActivityPages(userId: string, feed: ActivityFeed = {}) {
  return useInfiniteQuery({
    queryKey: activityKeys.pages(userId, feed),
    queryFn: ({ pageParam }) =>
      callAnswer(op.list, { params: { userId }, query: { page: pageParam, pageSize: ACTIVITY_PAGE_SIZE, ...queryOf(feed) } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pageCount ? last.meta.page + 1 : undefined),
    enabled: Boolean(userId),
  });
}
