import { Badge, Button, Drawer, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCloud, IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../components/data/format';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useOnline } from '../network';
import { ConflictView } from './conflict-view';
import { activeOutbox, startOutbox, useOutbox } from './outbox';
import { isHeld, isRefused, type OutboxEntry, type OutboxState } from './outbox-entry';
import { describeEntry } from './outbox-texts';

/** Opens the signed-in user's queue and refreshes what is on screen after it sent something. */
function useOutboxRunner() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?._id;
  useEffect(() => {
    if (!userId) return;
    const outbox = startOutbox(userId);
    return outbox.onSent(() => {
      void queryClient.invalidateQueries();
    });
  }, [userId, queryClient]);
}

const STATE_COLORS: Record<OutboxState, string> = {
  waiting: 'yellow',
  sending: 'blue',
  done: 'teal',
  conflict: 'red',
  failed: 'red',
};

/**
 * The header's sync indicator: online or offline, how many actions wait to be sent and when the
 * queue was last sent; it opens the panel of queued actions and their conflicts.
 */
export function SyncIndicator() {
  useOutboxRunner();
  const { t } = useTranslation();
  const online = useOnline();
  const { entries, lastSyncedAt, sent, syncing, needsSignIn } = useOutbox();
  const [opened, { open, close }] = useDisclosure(false);
  const [conflict, setConflict] = useState<OutboxEntry | null>(null);
  const refused = entries.filter(isRefused);
  const waiting = entries.length - refused.length;

  const status = !online ? t('offline.status.offline') : t('offline.status.online');
  const summary = [
    status,
    waiting > 0 ? t('offline.waiting', { count: waiting }) : null,
    refused.length > 0 ? t('offline.conflicts', { count: refused.length }) : null,
    lastSyncedAt ? t('offline.lastSynced', { when: formatDateTime(lastSyncedAt) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const Icon = !online ? IconCloudOff : waiting > 0 ? IconCloudUpload : IconCloud;
  const color = refused.length > 0 ? 'red' : !online ? 'orange' : waiting > 0 ? 'yellow' : 'teal';

  return (
    <>
      <UnstyledButton
        onClick={open}
        aria-label={summary}
        data-testid="sync-indicator"
        px={6}
        py={4}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Group gap={4} wrap="nowrap">
          <Icon size={22} stroke={1.6} color={`var(--mantine-color-${color}-7)`} aria-hidden />
          {!online ? (
            <Text size="xs" fw={600} c="orange.8" visibleFrom="xs">
              {t('offline.status.offline')}
            </Text>
          ) : null}
          {entries.length > 0 ? (
            <Badge
              size="sm"
              circle={entries.length < 10}
              color={refused.length > 0 ? 'red' : 'yellow'}
              variant="filled"
              data-testid="sync-count"
            >
              {entries.length}
            </Badge>
          ) : null}
        </Group>
      </UnstyledButton>
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={t('offline.panel.title')} padding="md">
        <Stack gap="md" data-testid="sync-panel">
          <Paper withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Group gap={6}>
                <Icon size={18} color={`var(--mantine-color-${color}-7)`} aria-hidden />
                <Text size="sm" fw={600}>
                  {status}
                </Text>
              </Group>
              <Text size="sm" data-testid="sync-waiting">
                {waiting > 0 ? t('offline.waiting', { count: waiting }) : t('offline.nothingWaiting')}
              </Text>
              <Text size="xs" c="dimmed" data-testid="sync-last">
                {lastSyncedAt ? t('offline.lastSynced', { when: formatDateTime(lastSyncedAt) }) : t('offline.neverSynced')}
              </Text>
              {needsSignIn ? (
                <Text size="sm" c="red" role="alert">
                  {t('offline.signInAgain')}
                </Text>
              ) : null}
              <Button
                mt={6}
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={() => activeOutbox()?.sendNow()}
                loading={syncing}
                disabled={!online || waiting === 0}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('offline.sendNow')}
              </Button>
            </Stack>
          </Paper>

          {entries.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('offline.panel.queued')}
              </Text>
              {entries.map((entry) => (
                <QueuedRow key={entry.id} entry={entry} held={isHeld(entry, entries)} onOpen={() => setConflict(entry)} />
              ))}
            </Stack>
          ) : null}

          {sent.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('offline.panel.sent')}
              </Text>
              {sent.slice(0, 8).map((item) => (
                <Group key={item.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate="end">
                    {describeEntry(t, item)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatDateTime(item.sentAt)}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Drawer>
      <ConflictView entry={conflict} onClose={() => setConflict(null)} />
    </>
  );
}

function QueuedRow({ entry, held, onOpen }: { entry: OutboxEntry; held: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  const refused = isRefused(entry);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="sync-entry">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {describeEntry(t, entry)}
          </Text>
          <Badge size="sm" color={held ? 'gray' : STATE_COLORS[entry.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(held ? 'offline.state.held' : `offline.state.${entry.state}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('offline.queuedAt', { when: formatDateTime(entry.createdAt) })}
          {entry.files.length > 0 ? ` · ${t('offline.photos.count', { count: entry.files.length })}` : ''}
        </Text>
        {held ? (
          <Text size="xs" c="dimmed">
            {t('offline.heldHint')}
          </Text>
        ) : null}
        {refused ? (
          <Button size="xs" color="red" variant="light" leftSection={<IconAlertTriangle size={14} />} onClick={onOpen}>
            {t('offline.panel.resolve')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
