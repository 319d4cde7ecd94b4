import { ActionIcon, Anchor, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconFileText, IconPencil, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { type SlaSummary, useSlas } from './sla-api';
import { formatHours } from './sla-hours';
import { ProviderSelect } from './sla-pickers';

/** /sla/manage: the owner's SLAs, searchable by title, filterable by provider, sortable and paged, all in the URL. */
export default function SlaListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useUrlListState({ filters: ['providerId'] as const, sort: 'createdAt', order: 'desc' });
  const slas = useSlas(list.query);
  const rows = slas.data?.data ?? [];
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  // The filtered provider's name, when the page shows it (a bookmarked filter needs no extra call).
  const providerId = list.filters.providerId;
  const knownProviders = useMemo(() => {
    const found = rows.find((row) => row.provider._id === providerId);
    return found ? [{ value: found.provider._id, label: found.provider.name }] : [];
  }, [rows, providerId]);

  const open = (sla: SlaSummary) => navigate(`/sla/manage/${sla._id}`);
  const titleLink = (sla: SlaSummary) => (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={`/sla/manage/${sla._id}`} fw={500} onClick={(event) => event.stopPropagation()}>
        {sla.title}
      </Anchor>
      {sla.hasFile ? (
        <Tooltip label={t('sla.list.hasFile')}>
          <IconFileText size={16} aria-label={t('sla.list.hasFile')} style={{ flexShrink: 0, opacity: 0.6 }} />
        </Tooltip>
      ) : null}
    </Group>
  );
  const coverage = (sla: SlaSummary) =>
    [
      sla.assetCount ? t('sla.list.assetCount', { count: sla.assetCount }) : null,
      sla.clusterCount ? t('sla.list.clusterCount', { count: sla.clusterCount }) : null,
    ]
      .filter(Boolean)
      .join(' · ') || '–';
  const editAction = (sla: SlaSummary) => (
    <Tooltip label={t('sla.action.edit')}>
      <ActionIcon
        variant="subtle"
        size="lg"
        component={Link}
        to={`/sla/manage/${sla._id}/edit`}
        aria-label={t('sla.action.editNamed', { title: sla.title })}
        onClick={(event) => event.stopPropagation()}
      >
        <IconPencil size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const createButton = (
    <Button component={Link} to="/sla/manage/create" leftSection={<IconPlus size={18} />}>
      {t('sla.list.create')}
    </Button>
  );

  return (
    <ListPage
      list={list}
      query={slas}
      searchPlaceholder={t('sla.list.searchPlaceholder')}
      filters={
        <>
          <ProviderSelect
            aria-label={t('sla.list.providerFilter')}
            placeholder={t('sla.list.allProviders')}
            clearable
            w={{ base: '100%', xs: 240 }}
            known={knownProviders}
            value={providerId ?? null}
            onChange={(value) => list.setFilter('providerId', value)}
          />
          <SortSelect
            list={list}
            columns={[
              { column: 'title', label: t('sla.column.title') },
              { column: 'responseHours', label: t('sla.column.response') },
              { column: 'resolutionHours', label: t('sla.column.resolution') },
              { column: 'createdAt', label: t('sla.column.created') },
            ]}
          />
        </>
      }
      actions={createButton}
      empty={{
        icon: <IconShieldCheck size={32} stroke={1.5} />,
        title: t('sla.list.empty'),
        hint: t('sla.list.emptyHint'),
        noMatchTitle: t('sla.list.noMatch'),
        noMatchHint: t('sla.list.noMatchHint'),
        action: createButton,
      }}
      cardSkeleton={{ count: 4, height: 120 }}
      card={(sla) => (
        <ListCard
          title={titleLink(sla)}
          aside={
            <Text size="xs" c="dimmed">
              {formatDate(sla.createdAt)}
            </Text>
          }
          actions={editAction(sla)}
          onOpen={() => open(sla)}
        >
          <Text size="sm">{sla.provider.name}</Text>
          <Text size="xs" c="dimmed">
            {coverage(sla)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('sla.list.hoursLine', { response: formatHours(sla.responseHours), resolution: formatHours(sla.resolutionHours) })}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 860,
        columns: 7,
        header: (
          <>
            <SortableHeader column="title" {...sortProps}>
              {t('sla.column.title')}
            </SortableHeader>
            <Table.Th>{t('sla.column.provider')}</Table.Th>
            <Table.Th>{t('sla.column.covers')}</Table.Th>
            <SortableHeader column="responseHours" {...sortProps}>
              {t('sla.column.response')}
            </SortableHeader>
            <SortableHeader column="resolutionHours" {...sortProps}>
              {t('sla.column.resolution')}
            </SortableHeader>
            <SortableHeader column="createdAt" {...sortProps}>
              {t('sla.column.created')}
            </SortableHeader>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (sla) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(sla)}>
            <Table.Td>{titleLink(sla)}</Table.Td>
            <Table.Td>{sla.provider.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{coverage(sla)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatHours(sla.responseHours)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatHours(sla.resolutionHours)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(sla.createdAt)}</Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>{editAction(sla)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
