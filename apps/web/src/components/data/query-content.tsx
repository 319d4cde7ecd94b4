import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListError } from './list-feedback';

interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** About the content's height, so the page does not jump when the data arrives. */
  placeholderHeight: number;
  children(data: T): ReactNode;
}

/** What one read shows: a placeholder while it loads, the error with a retry if it failed, else its content. */
export function QueryContent<T>({ query, placeholderHeight, children }: QueryContentProps<T>) {
  if (query.isPending) return <Skeleton h={placeholderHeight} radius="md" />;
  if (query.isError) return <ListError error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data);
}
