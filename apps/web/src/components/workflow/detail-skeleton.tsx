import { Grid, Skeleton, Stack } from '@mantine/core';

/** What a record's detail page shows while it loads: its header, then the main and side columns. */
export function DetailSkeleton({ headerHeight }: { headerHeight: number }) {
  return (
    <Stack gap="md">
      <Skeleton height={headerHeight} radius="md" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
