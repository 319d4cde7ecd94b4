import type { ScoreCardOwnerRow } from '@amp/contracts/score-card';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { FigureGrid } from './score-card-parts';

/** A provider's card per owner it serves: the same figures, each drilling into that owner's orders only. */
export function OwnerBreakdown({ owners }: { owners: ScoreCardOwnerRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('scoreCards.owners.title')}
      </Title>
      {owners.map((row) => (
        <Paper key={row.owner._id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text fw={600}>{row.owner.name}</Text>
            <FigureGrid figures={row.figures} owner={row.owner._id} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
