import type { FileRef } from '@amp/contracts/file';
import { Modal, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { AuthedImage } from '../../components/files/authed-image';
import { useTranslation } from '../../lib/i18n';

/** A report's photo as a thumbnail; a click (or Enter) shows it whole. */
export function FaultImage({ image, size }: { image: FileRef; size: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <UnstyledButton
        onClick={() => setOpened(true)}
        aria-label={t('faults.detail.openImage', { name: image.name })}
        w={size}
        h={size}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)' }}
      >
        <AuthedImage src={image.thumbnailUrl ?? image.url} alt={image.name} w={size} h={size} fit="cover" />
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={
          <Text fw={600} truncate="end">
            {image.name}
          </Text>
        }
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('data.close') }}
      >
        {opened ? <AuthedImage src={image.url} alt={image.name} fit="contain" mah="75vh" loadingHeight={320} radius="sm" /> : null}
      </Modal>
    </>
  );
}
