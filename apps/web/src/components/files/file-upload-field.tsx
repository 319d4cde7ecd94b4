import { ACCEPT_OF_KIND, MAX_BYTES_OF_KIND, MAX_FILES_PER_FIELD } from '@amp/contracts/file';
import {
  ActionIcon,
  AspectRatio,
  Box,
  Button,
  CloseButton,
  Group,
  Input,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFileTypePdf, IconPhotoPlus, IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { apiErrorText } from '../api-error';
import { AuthedImage } from './authed-image';
import { type FileKind, formatFileSize, type UploadedFile, uploadFile } from './files-api';

export type { UploadedFile };

export interface FileUploadFieldProps {
  label: string;
  kind: FileKind;
  /** The files uploaded so far (attach them by `_id` when the form is saved). */
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** Several files (up to `max`); otherwise one, which a new choice replaces. */
  multiple?: boolean;
  max?: number;
  error?: string;
  description?: string;
}

/** A file on its way up, or one that failed (with the server's reason). */
interface Pending {
  key: string;
  file: File;
  progress: number;
  error?: string;
  /** A failure worth another try (network, server trouble), unlike a refusal of the file itself. */
  retryable?: boolean;
  abort?: () => void;
}

let nextKey = 0;
const MB = 1024 * 1024;

/**
 * Picks files (button or drag and drop) and uploads each one at once to POST /v2/file/upload,
 * with its progress; the server's refusal (too large, not a supported type) is shown beside the
 * file. Uploaded images show as thumbnails, documents as a list; each can be removed.
 */
export function FileUploadField({ label, kind, value, onChange, multiple = false, max, error, description }: FileUploadFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const limit = multiple ? (max ?? MAX_FILES_PER_FIELD) : 1;
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Uploads finish in any order: each adds itself to the latest list, not to the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const changed = useRef(onChange);
  changed.current = onChange;
  const input = useRef<HTMLInputElement>(null);
  const uploads = useRef(new Map<string, () => void>());

  // Leaving the page stops what is still uploading.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const abort of running.values()) abort();
    };
  }, []);

  const inFlight = pending.filter((p) => !p.error).length;
  const room = multiple ? limit - value.length - inFlight : 1 - inFlight;
  const update = (key: string, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const drop = (key: string) => setPending((list) => list.filter((p) => p.key !== key));

  function start(file: File, key = `upload-${nextKey++}`) {
    if (file.size > MAX_BYTES_OF_KIND[kind]) {
      setPending((list) => [...list.filter((p) => p.key !== key), { key, file, progress: 0, error: t('ERROR.TOO_LARGE') }]);
      return;
    }
    const upload = uploadFile(file, kind, (progress) => update(key, { progress }));
    uploads.current.set(key, upload.abort);
    setPending((list) => [...list.filter((p) => p.key !== key), { key, file, progress: 0, abort: upload.abort }]);
    upload.promise.then(
      (uploaded) => {
        uploads.current.delete(key);
        drop(key);
        const next = multiple ? [...latest.current, uploaded] : [uploaded];
        latest.current = next;
        changed.current(next);
      },
      (failure: unknown) => {
        uploads.current.delete(key);
        if (failure instanceof DOMException && failure.name === 'AbortError') return drop(key);
        const status = failure instanceof ApiError ? failure.status : 0;
        const retryable = status === 0 || status === 429 || status >= 500;
        update(key, { error: apiErrorText(failure), retryable, progress: 0, abort: undefined });
      },
    );
  }

  function choose(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const taken = files.slice(0, Math.max(room, 0));
    setNotice(files.length > taken.length ? t('files.tooMany', { max: limit }) : null);
    for (const file of taken) start(file);
  }

  function remove(id: string) {
    const next = latest.current.filter((f) => f._id !== id);
    latest.current = next;
    changed.current(next);
    setNotice(null);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (room > 0) choose(event.dataTransfer.files);
  };

  const hint = [
    t(kind === 'image' ? 'files.hint.image' : 'files.hint.document', { size: MAX_BYTES_OF_KIND[kind] / MB }),
    multiple ? t('files.hint.count', { max: limit }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const full = room <= 0;

  return (
    <Input.Wrapper label={label} description={description} error={error} id={inputId}>
      <Stack gap="xs" mt={description ? 6 : 4}>
        <Paper
          withBorder
          radius="md"
          p="md"
          onDragOver={(event) => {
            event.preventDefault();
            if (!full) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            borderStyle: 'dashed',
            borderColor: dragging ? 'var(--mantine-primary-color-filled)' : error ? 'var(--mantine-color-error)' : undefined,
            background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          }}
        >
          <Group gap="sm" justify="space-between">
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
              {kind === 'image' ? (
                <IconPhotoPlus size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
              ) : (
                <IconUpload size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
              )}
              <Stack gap={2} miw={0}>
                <Text size="sm">
                  {full && multiple
                    ? t('files.limitReached', { max: limit })
                    : !multiple && value.length > 0
                      ? t('files.replace')
                      : t('files.drop')}
                </Text>
                <Text size="xs" c="dimmed" id={hintId}>
                  {hint}
                </Text>
              </Stack>
            </Group>
            <Button
              onClick={() => input.current?.click()}
              variant="light"
              size="xs"
              disabled={full}
              style={{ flexShrink: 0 }}
              aria-describedby={hintId}
            >
              {multiple ? t('files.chooseMany') : t('files.chooseOne')}
            </Button>
          </Group>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT_OF_KIND[kind]}
            multiple={multiple}
            disabled={full}
            hidden
            onChange={(event) => {
              choose(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </Paper>

        {notice ? (
          <Text size="xs" c="orange.8" role="status">
            {notice}
          </Text>
        ) : null}

        {pending.map((item) => (
          <Paper key={item.key} withBorder radius="sm" px="sm" py="xs">
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate="end" title={item.file.name}>
                    {item.file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatFileSize(item.file.size)}
                  </Text>
                </Group>
                {item.error ? (
                  <Text size="xs" c="red" role="alert">
                    {item.error}
                  </Text>
                ) : (
                  <Progress
                    value={Math.round(item.progress * 100)}
                    size="sm"
                    animated
                    aria-label={t('files.progress', { name: item.file.name })}
                  />
                )}
              </Stack>
              {item.error ? (
                <Group gap={4} wrap="nowrap">
                  {item.retryable ? (
                    <Tooltip label={t('files.retry')}>
                      <ActionIcon variant="subtle" disabled={full} onClick={() => start(item.file, item.key)} aria-label={t('files.retry')}>
                        <IconRefresh size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  <CloseButton size="sm" onClick={() => drop(item.key)} aria-label={t('files.dismiss')} />
                </Group>
              ) : (
                <CloseButton size="sm" onClick={() => item.abort?.()} aria-label={t('files.cancel', { name: item.file.name })} />
              )}
            </Group>
          </Paper>
        ))}

        {kind === 'image' && value.length > 0 ? (
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing="xs">
            {value.map((file) => (
              <Box key={file._id} pos="relative">
                <AspectRatio ratio={1}>
                  <AuthedImage src={file.thumbnailUrl ?? file.url} alt={file.name} fit="cover" radius="sm" />
                </AspectRatio>
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red"
                  variant="filled"
                  onClick={() => remove(file._id)}
                  aria-label={t('files.remove', { name: file.name })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        ) : null}

        {kind === 'document'
          ? value.map((file) => (
              <Paper key={file._id} withBorder radius="sm" px="sm" py="xs">
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <IconFileTypePdf size={22} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={0} miw={0}>
                      <Text size="sm" truncate="end" title={file.name}>
                        {file.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatFileSize(file.size)}
                      </Text>
                    </Stack>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => remove(file._id)}
                    aria-label={t('files.remove', { name: file.name })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))
          : null}
      </Stack>
    </Input.Wrapper>
  );
}
