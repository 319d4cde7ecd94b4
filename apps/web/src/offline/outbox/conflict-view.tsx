import { Alert, AspectRatio, Button, Group, Image, Modal, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { formatDateTime } from '../../components/data/format';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { activeOutbox } from './outbox';
import type { OutboxEntry } from './outbox-entry';
import { describeEntry, RECORD_READS } from './outbox-texts';

/** The record as it is now: its status, the actions the reader may take, its latest history entry. */
interface RecordNow {
  status?: string;
  actions?: string[];
  updatedAt?: string;
  timeline?: { description: string; user: { name: string } | null; createdAt: string }[];
}

/** The action of the record an entry needs to be allowed again for "Send anyway" (the record's `actions`). */
const ACTION_OF_KIND: Record<string, string[]> = {
  'wo.start': ['start'],
  'wo.hold': ['hold'],
  'wo.resume': ['resume'],
  'wo.complete': ['complete'],
  'sr.observation': ['observe', 'observeAsProvider'],
};

/** The typed fields of an action's body worth showing back, in the order a reader expects them. */
const TEXT_FIELDS = ['note', 'summary', 'reason', 'comment', 'description', 'notes'] as const;

/**
 * An action the server refused (someone changed the record meanwhile, or the workflow no longer
 * allows it): what happened, read from the record now; what the technician entered (their words and
 * photos are kept); and what they can do: send it anyway when the record still allows it, open the
 * record, or discard it (asked first).
 */
export function ConflictView({ entry, onClose }: { entry: OutboxEntry | null; onClose(): void }) {
  const { t } = useTranslation();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [edits, setEdits] = useState<Record<string, string> | null>(null);
  const record = entry?.record ?? null;
  const now = useQuery({
    queryKey: ['outbox', 'record-now', record?.type, record?.id],
    queryFn: () => api.get<RecordNow>(RECORD_READS[record!.type].api(record!.id)),
    enabled: record !== null,
    staleTime: 0,
  });
  useEffect(() => {
    if (entry) return;
    setConfirmDiscard(false);
    setEdits(null);
  }, [entry]);
  if (!entry) return null;

  const latest = now.data?.timeline?.at(-1);
  const needs = ACTION_OF_KIND[entry.kind];
  const stillAllowed = needs ? Boolean(now.data?.actions?.some((action) => needs.includes(action))) : entry.failure?.status === 412;
  const sendAnyway = async () => {
    await activeOutbox()?.sendAnyway(entry.id);
    onClose();
  };
  const discard = async () => {
    await activeOutbox()?.discard(entry.id);
    onClose();
  };
  const body = (entry.body ?? {}) as Record<string, unknown>;
  const editable = TEXT_FIELDS.filter((field) => typeof body[field] === 'string');
  // Sent again with the changed words, based on the record as it is now.
  const sendEdited = async () => {
    await activeOutbox()?.resend(entry.id, { ...body, ...edits }, now.data?.updatedAt ?? null);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('offline.conflict.title', { action: describeEntry(t, entry) })} size="lg">
      <Stack gap="md" data-testid="outbox-conflict">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('offline.conflict.happened')}>
          <Stack gap={6}>
            <Text size="sm">{entry.failure?.message ? translateApiText(entry.failure.message) : t('offline.conflict.refused')}</Text>
            {record ? (
              now.isPending ? (
                <Skeleton h={36} />
              ) : now.data ? (
                <>
                  {now.data.status ? (
                    <Text size="sm" fw={600}>
                      {t('offline.conflict.statusNow', { status: t(`${RECORD_READS[record.type].statusTexts}.${now.data.status}`) })}
                    </Text>
                  ) : null}
                  {latest ? (
                    <Text size="sm">
                      {t('offline.conflict.latest', {
                        what: latest.description,
                        who: latest.user?.name ?? '–',
                        when: formatDateTime(latest.createdAt),
                      })}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('offline.conflict.recordUnavailable')}
                </Text>
              )
            ) : null}
          </Stack>
        </Alert>

        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('offline.conflict.entered')}
          </Text>
          <EnteredValues entry={entry} />
        </Stack>

        {edits ? (
          <Stack gap="sm">
            {Object.entries(edits).map(([field, value]) => (
              <Textarea
                key={field}
                label={t(`offline.field.${field}`)}
                autosize
                minRows={3}
                maxLength={4000}
                value={value}
                onChange={(event) => setEdits({ ...edits, [field]: event.currentTarget.value })}
              />
            ))}
            <Group gap="sm">
              <Button onClick={sendEdited}>{t('offline.conflict.sendEdited')}</Button>
              <Button variant="default" onClick={() => setEdits(null)}>
                {t('offline.conflict.cancelEdit')}
              </Button>
            </Group>
          </Stack>
        ) : confirmDiscard ? (
          <Alert color="orange" title={t('offline.conflict.discardTitle')}>
            <Stack gap="sm">
              <Text size="sm">{t('offline.conflict.discardMessage')}</Text>
              <Group gap="sm">
                <Button color="red" onClick={discard}>
                  {t('offline.conflict.discardConfirm')}
                </Button>
                <Button variant="default" onClick={() => setConfirmDiscard(false)}>
                  {t('offline.conflict.keep')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="xs">
            <Group gap="sm" wrap="wrap">
              <Button onClick={sendAnyway} disabled={!stillAllowed}>
                {t('offline.conflict.sendAnyway')}
              </Button>
              {editable.length > 0 ? (
                <Button
                  variant="light"
                  disabled={!stillAllowed}
                  onClick={() => setEdits(Object.fromEntries(editable.map((field) => [field, String(body[field])])))}
                >
                  {t('offline.conflict.edit')}
                </Button>
              ) : null}
              {record ? (
                <Button component={Link} to={RECORD_READS[record.type].page(record.id)} variant="default" onClick={onClose}>
                  {t('offline.conflict.openRecord')}
                </Button>
              ) : null}
              <Button color="red" variant="subtle" onClick={() => setConfirmDiscard(true)}>
                {t('offline.conflict.discard')}
              </Button>
            </Group>
            {!stillAllowed && !now.isPending ? (
              <Text size="xs" c="dimmed">
                {t('offline.conflict.notAllowed')}
              </Text>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** The technician's words, figures and photos as they entered them. */
function EnteredValues({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const body = (entry.body ?? {}) as Record<string, unknown>;
  const photos = useMemo(() => entry.files.map((file) => ({ name: file.name, url: URL.createObjectURL(file.blob) })), [entry.files]);
  useEffect(
    () => () => {
      for (const photo of photos) URL.revokeObjectURL(photo.url);
    },
    [photos],
  );
  const texts = TEXT_FIELDS.filter((field) => typeof body[field] === 'string' && body[field] !== '');
  const hours = body.timeSpent ?? body.timeToComplete;
  const lines = Array.isArray(body.lines) ? body.lines.length : Array.isArray(body.items) ? body.items.length : 0;
  return (
    <Stack gap={6}>
      {texts.map((field) => (
        <Text key={field} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`outbox-entered-${field}`}>
          {String(body[field])}
        </Text>
      ))}
      {typeof hours === 'number' || typeof hours === 'string' ? (
        <Text size="sm" c="dimmed">
          {t('offline.conflict.hours', { hours: String(hours) })}
        </Text>
      ) : null}
      {lines > 0 ? (
        <Text size="sm" c="dimmed">
          {t('offline.conflict.lines', { count: lines })}
        </Text>
      ) : null}
      {photos.length > 0 ? (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {photos.map((photo) => (
            <AspectRatio key={photo.url} ratio={1}>
              <Image src={photo.url} alt={photo.name} fit="cover" radius="sm" />
            </AspectRatio>
          ))}
        </SimpleGrid>
      ) : null}
      {texts.length === 0 && photos.length === 0 && lines === 0 ? (
        <Text size="sm" c="dimmed">
          {t('offline.conflict.nothingEntered')}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('offline.conflict.queuedAt', { when: formatDateTime(entry.createdAt) })}
      </Text>
    </Stack>
  );
}
