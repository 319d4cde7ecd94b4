import { Anchor, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { ListEmpty, ListError } from './list-feedback';

interface DetailPageFrameProps<T> {
  /** The list the page came from, and the words of the link back to it. */
  backTo: string;
  backLabel: string;
  query: UseQueryResult<T>;
  /** Placeholders in the page's own layout while it loads. */
  skeleton: ReactNode;
  /** What a 404 says: the item does not exist or belongs to another organisation. */
  notFoundTitle: string;
  notFoundHint: string;
  children(data: T): ReactNode;
}

/** One item's page: a link back to its list, then the item once loaded, or why it is not there. */
export function DetailPageFrame<T>({ backTo, backLabel, query, skeleton, notFoundTitle, notFoundHint, children }: DetailPageFrameProps<T>) {
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {backLabel}
        </Group>
      </Anchor>
      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <Paper withBorder radius="md">
            <ListEmpty title={notFoundTitle} description={notFoundHint} />
          </Paper>
        ) : (
          <ListError error={query.error} onRetry={() => query.refetch()} />
        )
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
