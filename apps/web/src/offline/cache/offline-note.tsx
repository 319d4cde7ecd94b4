import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { i18n, useTranslation } from '../../lib/i18n';
import { useOnline } from '../network';

/** What the note needs of a query (a list's or a record's). */
interface ShownQuery {
  data: unknown;
  dataUpdatedAt: number;
  isPending: boolean;
}

function savedWhen(at: number): { time: string; date: string; today: boolean } {
  const saved = new Date(at);
  return {
    time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(saved),
    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(saved),
    today: saved.toDateString() === new Date().toDateString(),
  };
}

/**
 * Offline, above a page's data: when what it shows was saved on this device ("offline — showing what
 * was saved at 09:41"), or that this page was never saved, rather than a skeleton that never ends.
 * Online it shows nothing.
 */
export function OfflineNote({ query }: { query: ShownQuery }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  let text: string;
  if (query.data !== undefined && query.dataUpdatedAt > 0) {
    const when = savedWhen(query.dataUpdatedAt);
    text = when.today ? t('offlineReading.savedAt', { time: when.time }) : t('offlineReading.savedOn', when);
  } else if (query.isPending) text = t('offlineReading.notSaved');
  else return null;
  return (
    <Group gap={6} wrap="nowrap" role="status" c="dimmed" data-testid="offline-note">
      <IconCloudOff size={16} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{text}</Text>
    </Group>
  );
}
