import { Paper, Stack, Text, Title } from '@mantine/core';
import { QueryContent } from '../../components/data/query-content';
import { useTranslation } from '../../lib/i18n';
import { OwnerBreakdown } from './owner-breakdown';
import { ScoreCardOrders } from './score-card-orders';
import { FigureGrid, ScoreCardHelp } from './score-card-parts';
import { useOwnScoreCard } from './score-cards-api';

/** /report/my-score-card: the reader's provider organisation across the owners it serves, and per owner. */
export default function MyScoreCardPage() {
  const { t } = useTranslation();
  const card = useOwnScoreCard();
  return (
    <QueryContent query={card} placeholderHeight={320}>
      {(data) => (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h3">
              {data.provider.name}
            </Title>
            <Text c="dimmed" size="sm">
              {t('scoreCards.mine.intro', { count: data.owners.length })}
            </Text>
          </Paper>
          <FigureGrid figures={data.figures} />
          {data.owners.length > 1 ? <OwnerBreakdown owners={data.owners} /> : null}
          <ScoreCardOrders source="mine" showOwner />
          <ScoreCardHelp />
        </Stack>
      )}
    </QueryContent>
  );
}
