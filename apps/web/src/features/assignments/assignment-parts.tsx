import type { AssignmentTarget } from '@amp/contracts/assignment';
import type { OrganisationKind } from '@amp/contracts/organisation';
import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBox, IconStack2 } from '@tabler/icons-react';
import { type ReactNode, useCallback } from 'react';
import { Link, useLocation } from 'react-router';
import { CodeText } from '../../components/code-text';
import { FilterSelect } from '../../components/data/filter-select';
import type { UrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';

/** An asset or a whole cluster, as an icon a reader can tell apart at a glance. */
export function TargetIcon({ type }: { type: AssignmentTarget['type'] }) {
  const { t } = useTranslation();
  const Icon = type === 'cluster' ? IconStack2 : IconBox;
  return (
    <ThemeIcon
      variant="light"
      color={type === 'cluster' ? 'grape' : 'blue'}
      size="md"
      radius="md"
      // An icon that stands for a word: a label needs a role to be announced.
      role="img"
      aria-label={t(`assignments.type.${type}`)}
    >
      <Icon size={16} aria-hidden />
    </ThemeIcon>
  );
}

/** The target's name (a link when `href` is given) over its code, with its icon. */
export function TargetCell({ target, href }: { target: AssignmentTarget; href?: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <TargetIcon type={target.type} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {href ? (
          <Anchor component={Link} to={href} fw={500} onClick={(event) => event.stopPropagation()} style={{ overflowWrap: 'anywhere' }}>
            {target.name}
          </Anchor>
        ) : (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {target.name}
          </Text>
        )}
        <CodeText fz="xs" c="dimmed">
          {target.code}
        </CodeText>
      </Stack>
    </Group>
  );
}

/** "CL-000001 · North estate" for an asset's cluster, a dash for a whole cluster or a loose asset. */
export function clusterOf(target: AssignmentTarget): string {
  return target.type === 'asset' && target.cluster ? `${target.cluster.name} (${target.cluster.clusterID})` : '–';
}

/** The provider's pages live under /asset/assigned, a technician's under /asset/assigned/technician. */
export type AssignedBase = '/asset/assigned' | '/asset/assigned/technician';

/** Where an assigned asset or cluster opens, under the list it was found in. */
export function assignedHref(base: AssignedBase, target: Pick<AssignmentTarget, 'type' | '_id'>): string {
  return `${base}/${target.type}/${target._id}`;
}

export function useKindLabel(): (kind: OrganisationKind | string) => string {
  const { t } = useTranslation();
  return useCallback((kind) => t(`assignments.kind.${kind}`, { defaultValue: kind }), [t]);
}

/** The list filter "assets / whole clusters". */
export function TypeFilter({ list }: { list: UrlListState<'type'> }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      list={list}
      filter="type"
      label={t('assignments.filter.type')}
      placeholder={t('assignments.filter.allTypes')}
      searchable={false}
      width={180}
      data={[
        { value: 'asset', label: t('assignments.filter.assets') },
        { value: 'cluster', label: t('assignments.filter.clusters') },
      ]}
    />
  );
}

/** A label and its value on a details page. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={{ base: 105, sm: 130 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** On a details page: the list it belongs to (the organisation's or the technician's) and the link back to it. */
export function useAssignedBase(): { base: AssignedBase; backLabel: string } {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return pathname.startsWith('/asset/assigned/technician/')
    ? { base: '/asset/assigned/technician', backLabel: t('assignments.back.technician') }
    : { base: '/asset/assigned', backLabel: t('assignments.back.organisation') };
}
