import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { useTranslation } from '../../lib/i18n';
import { OwnerBreakdown } from './owner-breakdown';
import { ScoreCardOrders } from './score-card-orders';
import { FigureGrid, ScoreCardHelp } from './score-card-parts';
import { useScoreCard } from './score-cards-api';

/** /report/score-card/:id: one provider's card, each figure leading to the work orders behind it. */
export default function ScoreCardDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const card = useScoreCard(id);
  return (
    <DetailPageFrame
      backTo="/report/score-card"
      backLabel={t('scoreCards.detail.back')}
      query={card}
      skeleton={<Skeleton h={320} radius="md" />}
      notFoundTitle={t('scoreCards.detail.notFound')}
      notFoundHint={t('scoreCards.detail.notFoundHint')}
    >
      {(data) => (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Title order={2} size="h3">
                  {data.provider.name}
                </Title>
                <Text c="dimmed" size="sm">
                  {t(`scoreCards.kind.${data.provider.kind}`, { defaultValue: data.provider.kind })}
                </Text>
              </div>
              {data.rank !== null ? <Text fw={600}>{t('scoreCards.detail.rank', { rank: data.rank, ranked: data.ranked })}</Text> : null}
            </Group>
          </Paper>
          <FigureGrid figures={data.figures} />
          {data.owners.length > 1 ? <OwnerBreakdown owners={data.owners} /> : null}
          <ScoreCardOrders source={{ providerId: data.provider._id }} showOwner={data.owners.length > 0} />
          <ScoreCardHelp />
        </Stack>
      )}
    </DetailPageFrame>
  );
}
