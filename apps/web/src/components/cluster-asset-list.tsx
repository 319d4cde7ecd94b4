import type { Asset } from '@amp/contracts/asset';
import { Anchor, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { AssetStatusBadge } from './asset-status-badge';
import { CodeText } from './code-text';
import { ListCard } from './data/list-card';
import { ResponsiveList } from './data/responsive-list';
import { useCompactLayout } from './data/use-compact-layout';

/** What a row needs of an asset (the owner's and the provider's answers are both `Asset`). */
export type ClusterAssetRow = Pick<Asset, '_id' | 'assetID' | 'name' | 'status' | 'category' | 'locationID' | 'locationName'>;

const locationOf = (asset: ClusterAssetRow) => [asset.locationID, asset.locationName].filter(Boolean).join(' · ') || '–';

/**
 * The assets of one cluster as a table on desktop and cards on a phone, each opening `hrefOf(asset)`:
 * the owner's cluster page and the provider's assigned-cluster page show the same list.
 */
export function ClusterAssetList({
  query,
  assets,
  empty,
  hrefOf,
}: {
  query: { isError: boolean; error: unknown; isPending: boolean; isPlaceholderData: boolean; refetch(): unknown };
  assets: ClusterAssetRow[];
  empty: ReactNode;
  hrefOf: (asset: ClusterAssetRow) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compact = useCompactLayout();
  const nameLink = (asset: ClusterAssetRow) => (
    <Anchor component={Link} to={hrefOf(asset)} fw={500} onClick={(event) => event.stopPropagation()}>
      {asset.name}
    </Anchor>
  );
  return (
    <ResponsiveList
      query={query}
      compact={compact}
      empty={empty}
      cardSkeleton={{ count: 3, height: 90 }}
      cards={assets.map((asset) => (
        <ListCard
          key={asset._id}
          title={nameLink(asset)}
          aside={<AssetStatusBadge status={asset.status} />}
          onOpen={() => navigate(hrefOf(asset))}
        >
          <CodeText>{asset.assetID}</CodeText>
          <Text size="xs" c="dimmed">
            {[asset.category?.name, locationOf(asset)].filter(Boolean).join(' · ')}
          </Text>
        </ListCard>
      ))}
      tableMinWidth={640}
      columns={5}
      header={
        <>
          <Table.Th>{t('asset.column.assetID')}</Table.Th>
          <Table.Th>{t('asset.column.name')}</Table.Th>
          <Table.Th>{t('asset.column.category')}</Table.Th>
          <Table.Th>{t('asset.column.location')}</Table.Th>
          <Table.Th>{t('asset.column.status')}</Table.Th>
        </>
      }
      rows={assets.map((asset) => (
        <Table.Tr key={asset._id} style={{ cursor: 'pointer' }} onClick={() => navigate(hrefOf(asset))}>
          <Table.Td>
            <CodeText>{asset.assetID}</CodeText>
          </Table.Td>
          <Table.Td>{nameLink(asset)}</Table.Td>
          <Table.Td>{asset.category?.name ?? '–'}</Table.Td>
          <Table.Td>{locationOf(asset)}</Table.Td>
          <Table.Td>
            <AssetStatusBadge status={asset.status} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
