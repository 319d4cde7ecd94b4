import { Badge, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { useTranslation } from '../../lib/i18n';
import { useAssignedBase } from './assignment-parts';
import type { TechnicianOnTarget } from './assignments-api';
import { TechniciansPanel } from './technicians-panel';

interface AssignedPageFrameProps<T> {
  query: UseQueryResult<T>;
  /** What the page says when the asset or cluster is not (or no longer) assigned here. */
  notFoundTitle: string;
  children(data: T): ReactNode;
}

/** An assigned asset's or cluster's page: the link back to the list it was opened from, then the item once loaded. */
export function AssignedPageFrame<T>({ query, notFoundTitle, children }: AssignedPageFrameProps<T>) {
  const { t } = useTranslation();
  const { base, backLabel } = useAssignedBase();
  return (
    <DetailPageFrame
      backTo={base}
      backLabel={backLabel}
      query={query}
      skeleton={
        <Stack gap="md">
          <Skeleton height={110} radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      }
      notFoundTitle={notFoundTitle}
      notFoundHint={t('assignments.detail.notFoundHint')}
    >
      {children}
    </DetailPageFrame>
  );
}

interface AssignedHeaderProps {
  name: string;
  /** The asset's or cluster's code. */
  code: string;
  /** A badge after the code (the asset's status, the cluster's asset count). */
  badge: ReactNode;
  owner: string;
}

/** The top card: name, code and the owner the item came from. */
export function AssignedHeader({ name, code, badge, owner }: AssignedHeaderProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap={6}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Group gap="xs">
          <Badge variant="outline" color="gray" ff="monospace" tt="none">
            {code}
          </Badge>
          {badge}
        </Group>
        <Text size="sm" c="dimmed">
          {t('assignments.assigned.fromOwner', { owner })}
        </Text>
      </Stack>
    </Paper>
  );
}

interface AssignedDetailsProps {
  kind: 'asset' | 'cluster';
  id: string;
  technicians: TechnicianOnTarget[];
  /** The `Detail` rows. */
  children: ReactNode;
}

/** The details card beside the technicians who work on the item. */
export function AssignedDetails({ kind, id, technicians, children }: AssignedDetailsProps) {
  const { t } = useTranslation();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
          <Stack gap="xs">
            <Title order={3} size="h4" mb={4}>
              {t('assignments.detail.details')}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <TechniciansPanel kind={kind} id={id} technicians={technicians} />
      </Grid.Col>
    </Grid>
  );
}
