import { ASSET_STATUSES, type Asset } from '@amp/contracts/asset';
import { ActionIcon, Anchor, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPackages, IconPencil, IconQrcode } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AssetStatusBadge } from '../../components/asset-status-badge';
import { CodeText } from '../../components/code-text';
import { CreateAssetMenu } from '../../components/create-asset-menu';
import { FilterSelect } from '../../components/data/filter-select';
import { formatNaira } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useCategories, useStates } from '../../lib/queries/reference';
import { useAssets } from './assets-api';
import { ClusterSelect } from './cluster-select';

const FILTERS = ['clusterId', 'categoryId', 'subCategoryId', 'status', 'state'] as const;
const FILTER_WIDTH = 180;
/** A column as narrow as its content (a badge, an amount, two buttons). */
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/** /asset/asset-list: the owner's assets, searchable, filterable, sortable and paged, all in the URL. */
export default function AssetListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAuth();
  const [, setParams] = useSearchParams();
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const assets = useAssets(list.query);
  const categories = useCategories();
  const states = useStates();

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const category = categories.data?.find((c) => c._id === list.filters.categoryId);
  // A sub-category belongs to one category: changing the category drops it, in one URL change.
  const changeCategory = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('categoryId', value);
      else next.delete('categoryId');
      next.delete('subCategoryId');
      next.delete('page');
      return next;
    });
  const open = (asset: Asset) => navigate(`/asset/asset-list/${asset._id}`);
  const nameLink = (asset: Asset) => (
    // The link makes each row reachable by keyboard; the row click is a larger target for the mouse.
    <Anchor component={Link} to={`/asset/asset-list/${asset._id}`} fw={500} onClick={(event) => event.stopPropagation()}>
      {asset.name}
    </Anchor>
  );
  // The place's name may wrap; its code stays whole, in the code font.
  const location = (asset: Asset) =>
    asset.locationName || asset.locationID ? (
      <>
        {asset.locationName}
        {asset.locationName && asset.locationID ? ' · ' : null}
        {asset.locationID ? (
          <CodeText fz="xs" c="dimmed">
            {asset.locationID}
          </CodeText>
        ) : null}
      </>
    ) : null;
  const categoryText = (asset: Asset) => [asset.category.name, asset.subCategory?.name].filter(Boolean).join(' / ');
  const actions = (asset: Asset) => <AssetRowActions asset={asset} canEdit={can('manageAsset')} />;

  const sortColumns = [
    { column: 'name', label: t('assets.column.name') },
    { column: 'assetID', label: t('assets.field.assetID') },
    { column: 'status', label: t('assets.field.status') },
    { column: 'warrantyExpiry', label: t('assets.field.warrantyExpiry') },
    { column: 'purchaseCost', label: t('assets.field.purchaseCost') },
    { column: 'createdAt', label: t('assets.column.created') },
  ];

  return (
    <ListPage
      list={list}
      query={assets}
      searchPlaceholder={t('assets.list.searchPlaceholder')}
      actions={<CreateAssetMenu />}
      filterPanel={{
        id: 'asset-filters',
        buttonLabel: t('assets.list.filters'),
        content: (
          <>
            <ClusterSelect
              aria-label={t('assets.list.clusterFilter')}
              placeholder={t('assets.list.allClusters')}
              w={{ base: '100%', xs: 220 }}
              value={list.filters.clusterId ?? null}
              onChange={(value) => list.setFilter('clusterId', value)}
            />
            <FilterSelect
              list={list}
              filter="categoryId"
              label={t('assets.list.categoryFilter')}
              placeholder={t('assets.list.allCategories')}
              width={FILTER_WIDTH}
              data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              onChange={changeCategory}
            />
            {category && category.subCategories.length > 0 ? (
              <FilterSelect
                list={list}
                filter="subCategoryId"
                label={t('assets.list.subCategoryFilter')}
                placeholder={t('assets.list.allSubCategories')}
                width={FILTER_WIDTH}
                data={category.subCategories.map((c) => ({ value: c._id, label: c.name }))}
              />
            ) : null}
            <FilterSelect
              list={list}
              filter="status"
              label={t('assets.list.statusFilter')}
              placeholder={t('assets.list.allStatuses')}
              searchable={false}
              width={FILTER_WIDTH}
              data={ASSET_STATUSES.map((status) => ({ value: status, label: t(`asset.status.${status}`) }))}
            />
            <FilterSelect
              list={list}
              filter="state"
              label={t('assets.list.stateFilter')}
              placeholder={t('assets.list.allStates')}
              width={FILTER_WIDTH}
              data={(states.data ?? []).map((s) => ({ value: s.alias, label: s.state }))}
            />
            <SortSelect list={list} columns={sortColumns} />
          </>
        ),
      }}
      empty={{
        icon: <IconPackages size={32} stroke={1.5} />,
        title: t('assets.list.empty'),
        hint: t('assets.list.emptyHint'),
        noMatchTitle: t('assets.list.noMatch'),
        noMatchHint: t('assets.list.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 120 }}
      card={(asset) => (
        <ListCard
          title={
            <Stack gap={0}>
              {nameLink(asset)}
              <CodeText fz="xs" c="dimmed">
                {asset.assetID}
              </CodeText>
            </Stack>
          }
          aside={
            <Stack gap={4} align="flex-end">
              <AssetStatusBadge status={asset.status} />
              <OpenFaultsMarker asset={asset} />
            </Stack>
          }
          actions={actions(asset)}
          onOpen={() => open(asset)}
        >
          <Text size="sm">{asset.cluster?.name ?? t('assets.detail.noCluster')}</Text>
          {location(asset) ? (
            <Text size="xs" c="dimmed">
              {location(asset)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {[categoryText(asset), asset.purchaseCost ? formatNaira(asset.purchaseCost) : null].filter(Boolean).join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 900,
        columns: 7,
        header: (
          <>
            <SortableHeader column="assetID" {...sortProps}>
              {t('assets.field.assetID')}
            </SortableHeader>
            {/* The name and its place get the room; the columns after it shrink to their content. */}
            <SortableHeader column="name" {...sortProps} miw={200}>
              {t('assets.column.name')}
            </SortableHeader>
            <Table.Th miw={110}>{t('assets.field.cluster')}</Table.Th>
            <Table.Th>{t('assets.field.category')}</Table.Th>
            <SortableHeader column="status" {...sortProps}>
              {t('assets.field.status')}
            </SortableHeader>
            <SortableHeader column="purchaseCost" {...sortProps} wrap>
              {t('assets.field.purchaseCost')}
            </SortableHeader>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (asset) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(asset)}>
            <Table.Td>
              <CodeText>{asset.assetID}</CodeText>
            </Table.Td>
            <Table.Td>
              {nameLink(asset)}
              {location(asset) ? (
                <Text size="xs" c="dimmed">
                  {location(asset)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{asset.cluster?.name ?? '–'}</Table.Td>
            <Table.Td>
              <Text size="sm">{asset.category.name}</Text>
              {asset.subCategory ? (
                <Text size="xs" c="dimmed">
                  {asset.subCategory.name}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={SHRINK}>
              <Group gap={6} wrap="nowrap">
                <AssetStatusBadge status={asset.status} size="sm" />
                <OpenFaultsMarker asset={asset} />
              </Group>
            </Table.Td>
            <Table.Td style={{ ...SHRINK, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {formatNaira(asset.purchaseCost)}
            </Table.Td>
            <Table.Td style={SHRINK} onClick={(event) => event.stopPropagation()}>
              {actions(asset)}
            </Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}

/** The asset's open faults as a small red marker beside its status; it leads to them. */
function OpenFaultsMarker({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  if (!asset.openFaults) return null;
  const label = t('faults.marker.openFaults', { count: asset.openFaults });
  return (
    <Tooltip label={label}>
      <Badge
        component={Link}
        to={`/asset/reported-faults?assetId=${asset._id}`}
        onClick={(event) => event.stopPropagation()}
        color="red"
        variant="filled"
        size="sm"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        aria-label={label}
        style={{ cursor: 'pointer', flexShrink: 0 }}
      >
        {asset.openFaults}
      </Badge>
    </Tooltip>
  );
}

function AssetRowActions({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit ? (
        <Tooltip label={t('assets.action.edit')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            component={Link}
            to={`/asset/asset-list/${asset._id}/edit`}
            aria-label={t('assets.action.editNamed', { name: asset.name })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={t('assets.action.label')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          component={Link}
          to={`/asset/asset-list/${asset._id}/label`}
          aria-label={t('assets.action.labelNamed', { name: asset.name })}
        >
          <IconQrcode size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
