import { Stack, Text } from '@mantine/core';
import type { ComponentProps } from 'react';
import { ListPage } from './list-page';

type IntroListPageProps<R extends { _id: string }> = ComponentProps<typeof ListPage<R>> & {
  /** What the list holds and what to do with it, above it. */
  intro: string;
};

/** A list page under a line that says what it holds (a queue of things to act on). */
export function IntroListPage<R extends { _id: string }>({ intro, ...listProps }: IntroListPageProps<R>) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <ListPage {...listProps} />
    </Stack>
  );
}
