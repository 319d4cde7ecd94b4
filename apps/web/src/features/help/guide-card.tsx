import { Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { DifficultyBadge } from './difficulty-badge';
import type { Guide } from './guides';
import { guidePath } from './help-paths';

/** A guide in a list: its title (the link), summary, difficulty and length. */
export function GuideCard({ guide }: { guide: Guide }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Text component={Link} to={guidePath(guide.slug)} fw={600} c="teal.8" style={{ textDecoration: 'none' }}>
        {t(`help.guides.${guide.slug}.title`)}
      </Text>
      <Text size="sm" c="dimmed" mt={6} style={{ flex: 1 }}>
        {t(`help.guides.${guide.slug}.summary`)}
      </Text>
      <Group gap="xs" mt="md">
        <DifficultyBadge difficulty={guide.difficulty} />
        <Text size="xs" c="dimmed">
          {t('help.guide.steps', { count: guide.steps })}
        </Text>
      </Group>
    </Card>
  );
}
