import { ACCEPT_OF_KIND, MAX_BYTES_OF_KIND, MAX_FILES_PER_FIELD } from '@amp/contracts/file-kinds';
import { ActionIcon, AspectRatio, Box, Button, Group, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { AuthedImage } from '../../components/files/authed-image';
import { FileUploadField, type FileUploadFieldProps } from '../../components/files/file-upload-field';
import { useTranslation } from '../../lib/i18n';
import { useOnline } from '../network';
import { isLocalPhoto, keepLocalPhoto } from './local-photos';

/**
 * The photo field of an action a technician may take offline. Online it is the app's upload field
 * (each photo uploaded at once). Offline the photos are kept on the device and shown from their own
 * bytes; the action that uses them uploads them when it is sent (send-or-queue.ts, the outbox).
 */
export function OfflinePhotoField(props: Omit<FileUploadFieldProps, 'kind'>) {
  const online = useOnline();
  if (online) return <FileUploadField {...props} kind="image" />;
  return <LocalPhotoPicker {...props} />;
}

const MB = 1024 * 1024;

function LocalPhotoPicker({ label, value, onChange, multiple = false, max, error, description }: Omit<FileUploadFieldProps, 'kind'>) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const limit = multiple ? (max ?? MAX_FILES_PER_FIELD) : 1;
  const room = multiple ? limit - value.length : 1;

  const choose = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    const tooLarge = files.filter((file) => file.size > MAX_BYTES_OF_KIND.image);
    const fitting = files.filter((file) => file.size <= MAX_BYTES_OF_KIND.image);
    const taken = fitting.slice(0, Math.max(room, 0));
    setNotice(tooLarge.length > 0 ? t('ERROR.TOO_LARGE') : fitting.length > taken.length ? t('files.tooMany', { max: limit }) : null);
    if (taken.length === 0) return;
    const kept = taken.map(keepLocalPhoto);
    onChange(multiple ? [...value, ...kept] : kept);
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} id={inputId}>
      <Stack gap="xs" mt={description ? 6 : 4}>
        <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
          <Group gap="sm" justify="space-between">
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
              <IconCloudOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={2} miw={0}>
                <Text size="sm">{t('offline.photos.kept')}</Text>
                <Text size="xs" c="dimmed" id={hintId}>
                  {[t('files.hint.image', { size: MAX_BYTES_OF_KIND.image / MB }), multiple ? t('files.hint.count', { max: limit }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
            <Button
              onClick={() => input.current?.click()}
              variant="light"
              size="xs"
              disabled={room <= 0}
              leftSection={<IconPhotoPlus size={16} />}
              aria-describedby={hintId}
              style={{ flexShrink: 0 }}
            >
              {multiple ? t('files.chooseMany') : t('files.chooseOne')}
            </Button>
          </Group>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT_OF_KIND.image}
            multiple={multiple}
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
        {value.length > 0 ? (
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing="xs">
            {value.map((file) => (
              <Box key={file._id} pos="relative">
                <AspectRatio ratio={1}>
                  {isLocalPhoto(file) ? (
                    <img src={file.url} alt={file.name} style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)' }} />
                  ) : (
                    <AuthedImage src={file.thumbnailUrl ?? file.url} alt={file.name} fit="cover" radius="sm" />
                  )}
                </AspectRatio>
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red"
                  variant="filled"
                  onClick={() => onChange(value.filter((kept) => kept._id !== file._id))}
                  aria-label={t('files.remove', { name: file.name })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
