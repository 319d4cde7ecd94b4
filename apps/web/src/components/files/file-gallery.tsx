import { ActionIcon, AspectRatio, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { notifyError } from '../data/server-errors';
import { AuthedImage } from './authed-image';
import { downloadFile, type FileRef, formatFileSize } from './files-api';

export type { FileRef };

/** Downloads with the token; the button shows it is busy and a failure is told. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const start = (file: FileRef) => {
    setBusy(file._id);
    downloadFile(file.url, file.name)
      .catch((error: unknown) => notifyError(error))
      .finally(() => setBusy(null));
  };
  return { busy, start };
}

/** A record's files: images as a grid of thumbnails (a click shows the whole image), documents as a list to download. */
export function FileGallery({ files }: { files: FileRef[] }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<FileRef | null>(null);
  const download = useDownload();
  const images = files.filter((f) => f.kind === 'image');
  const documents = files.filter((f) => f.kind !== 'image');
  if (files.length === 0) return null;

  return (
    <Stack gap="md">
      {images.length > 0 ? (
        <SimpleGrid cols={{ base: 3, xs: 4, md: 6 }} spacing="xs">
          {images.map((image) => (
            <UnstyledButton
              key={image._id}
              onClick={() => setOpened(image)}
              aria-label={t('files.open', { name: image.name })}
              style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
            >
              <AspectRatio ratio={1}>
                <AuthedImage src={image.thumbnailUrl ?? image.url} alt={image.name} fit="cover" radius="sm" />
              </AspectRatio>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      ) : null}

      {documents.length > 0 ? (
        <Stack gap="xs">
          {documents.map((document) => (
            <Paper key={document._id} withBorder radius="sm" px="sm" py="xs">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconFileTypePdf size={22} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} miw={0}>
                    <Text size="sm" truncate="end" title={document.name}>
                      {document.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatFileSize(document.size)}
                    </Text>
                  </Stack>
                </Group>
                <Tooltip label={t('files.download')}>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    onClick={() => download.start(document)}
                    loading={download.busy === document._id}
                    aria-label={t('files.downloadName', { name: document.name })}
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}

      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={
          <Text fw={600} truncate="end">
            {opened?.name}
          </Text>
        }
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('data.close') }}
      >
        {opened ? (
          <Stack gap="sm">
            <AuthedImage src={opened.url} alt={opened.name} fit="contain" mah="70vh" loadingHeight={320} radius="sm" />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                {[opened.width && opened.height ? `${opened.width} × ${opened.height}` : null, formatFileSize(opened.size)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDownload size={16} />}
                onClick={() => download.start(opened)}
                loading={download.busy === opened._id}
              >
                {t('files.download')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
