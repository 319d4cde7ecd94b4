import { ActionIcon, Box, Button, Group, Image, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { FileRef } from '../../components/files/files-api';
import { useTranslation } from '../../lib/i18n';
import { FAULT_IMAGE_EXTENSIONS, IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from './fault-constants';

// An image already uploaded (a prepared or returned fault) is fetched with the session; the public
// portal's first load has none, so this comes when needed.
const AuthedImage = lazy(() => import('../../components/files/authed-image').then((module) => ({ default: module.AuthedImage })));

/**
 * The report's one image (docs/product.md#fault-form: PNG or JPEG, one file): a photo picked on the device,
 * shown from memory until the report is sent (the form uploads it then, with its progress), or one
 * already uploaded (a prepared or returned fault), shown from the API.
 */
export type FaultImage = { file: File; uploaded?: FileRef } | { file?: undefined; uploaded: FileRef };

const MB = 1024 * 1024;
const ACCEPT = [...FAULT_IMAGE_EXTENSIONS, ...IMAGE_CONTENT_TYPES].join(',');

/** Why a picked file cannot be sent, before it travels (the API checks the bytes again). */
function refusal(file: File): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  if (!FAULT_IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

interface FaultImageFieldProps {
  value: FaultImage | null;
  onChange(image: FaultImage | null): void;
  /** Upload progress while the report is being sent (0 to 1), else null. */
  progress: number | null;
  disabled?: boolean;
}

export function FaultImageField({ value, onChange, progress, disabled }: FaultImageFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const file = value?.file;

  // A picked photo is shown from memory; the URL goes with the photo.
  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const why = refusal(picked);
    setError(why === 'type' ? t('AUTH.VALIDATION.INVALID_FIELD') : why === 'size' ? t('ERROR.TOO_LARGE') : null);
    if (!why) onChange({ file: picked });
  };

  const uploadedSrc = value?.uploaded ? (value.uploaded.thumbnailUrl ?? value.uploaded.url) : null;
  const name = value?.file?.name ?? value?.uploaded?.name ?? '';

  return (
    <Input.Wrapper label={t('faultPortal.field.image')} error={error} id={inputId}>
      <Stack gap="xs" mt={4}>
        <Paper
          withBorder
          radius="md"
          p="sm"
          style={{ borderStyle: 'dashed', borderColor: error ? 'var(--mantine-color-error)' : undefined }}
        >
          <Group gap="sm" wrap="nowrap">
            {value ? (
              <Box w={72} h={72} style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}>
                {previewUrl ? (
                  <Image src={previewUrl} alt={t('faultPortal.image.preview')} w={72} h={72} fit="cover" />
                ) : uploadedSrc ? (
                  <Suspense fallback={null}>
                    <AuthedImage src={uploadedSrc} alt={t('faultPortal.image.preview')} w={72} h={72} fit="cover" loadingHeight={72} />
                  </Suspense>
                ) : null}
              </Box>
            ) : (
              <IconCamera size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
            )}
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              {value ? (
                <Text size="sm" truncate="end" title={name}>
                  {name}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" id={hintId}>
                {t('faultPortal.image.hint', { size: MAX_IMAGE_BYTES / MB })}
              </Text>
              <Group gap="xs">
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => input.current?.click()}
                  disabled={disabled}
                  aria-describedby={hintId}
                  leftSection={<IconCamera size={14} />}
                >
                  {value ? t('faultPortal.image.replace') : t('faultPortal.image.choose')}
                </Button>
                {value ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setError(null);
                      onChange(null);
                    }}
                    disabled={disabled}
                    aria-label={t('faultPortal.image.remove')}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                ) : null}
              </Group>
            </Stack>
          </Group>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            hidden
            disabled={disabled}
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </Paper>
        {progress !== null ? (
          <Progress value={Math.round(progress * 100)} size="sm" animated aria-label={t('faultPortal.image.uploading')} />
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
