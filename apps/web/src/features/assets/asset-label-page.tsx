import { Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ListEmpty, ListError } from '../../components/data/list-feedback';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { LabelSheet } from './asset-label';
import { useAsset, usePublicConfig } from './assets-api';

/** /asset/asset-list/:id/label: one asset's printable QR label. */
export default function AssetLabelPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useAuth();
  const asset = useAsset(id);
  const config = usePublicConfig();
  const failed = asset.error ?? config.error;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" className="asset-labels-no-print">
        <Anchor component={Link} to={`/asset/asset-list/${id}`} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('assets.label.backToAsset')}
          </Group>
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!asset.data || !config.data}>
          {t('assets.label.print')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" className="asset-labels-no-print">
        {t('assets.label.hint')}
      </Text>
      {failed ? (
        failed instanceof ApiError && failed.status === 404 && asset.isError ? (
          <Paper withBorder radius="md">
            <ListEmpty title={t('assets.detail.notFound')} description={t('assets.detail.notFoundHint')} />
          </Paper>
        ) : (
          <ListError error={failed} onRetry={() => (asset.isError ? asset.refetch() : config.refetch())} />
        )
      ) : asset.data && config.data && user ? (
        <LabelSheet assets={[asset.data]} target={{ publicUrl: config.data.publicUrl, ownerId: user.organisation._id }} />
      ) : (
        <Skeleton height={170} maw={380} radius="md" />
      )}
    </Stack>
  );
}
