import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { isRefused, type OutboxEntry } from './outbox-entry';
import { pendingText } from './outbox-texts';

/**
 * On a record's page: the actions taken on it that are not sent yet ("Completion waiting to send"),
 * or that the server refused (open the sync panel to decide). Nothing when there are none.
 */
export function PendingNotice({ entries }: { entries: readonly OutboxEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  const refused = entries.some(isRefused);
  return (
    <Alert
      color={refused ? 'red' : 'yellow'}
      icon={refused ? <IconAlertTriangle size={18} /> : <IconCloudUpload size={18} />}
      title={t(refused ? 'offline.pending.refusedTitle' : 'offline.pending.title')}
      data-testid="outbox-pending"
    >
      <Stack gap={4}>
        {entries.map((entry) => (
          <Group key={entry.id} gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {pendingText(t, entry, entries)}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t(refused ? 'offline.pending.refusedHint' : 'offline.pending.hint')}
        </Text>
      </Stack>
    </Alert>
  );
}
