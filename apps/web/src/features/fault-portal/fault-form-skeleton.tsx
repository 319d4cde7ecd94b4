import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n';

/** A field's place: its label and its box. */
function FieldSkeleton({ height = 36 }: { height?: number }) {
  return (
    <Stack gap={6}>
      <Skeleton h={14} w="40%" radius="sm" />
      <Skeleton h={height} radius="sm" />
    </Stack>
  );
}

/**
 * The fault form's shape while what it needs loads (the owner, a QR label's asset): the same
 * sections and fields, so the page does not jump when the form arrives (on a phone the guidance
 * below it would otherwise move by a screen).
 */
export const FaultFormSkeleton = memo(function FaultFormSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" aria-busy="true" aria-label={t('common.loading')}>
      <Stack gap="sm">
        <Skeleton h={24} w="45%" radius="sm" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {['cluster', 'location', 'asset', 'state', 'lga'].map((field) => (
            <FieldSkeleton key={field} />
          ))}
        </SimpleGrid>
        <FieldSkeleton height={24} />
        <FieldSkeleton height={84} />
        <FieldSkeleton height={96} />
      </Stack>
      <Stack gap="sm">
        <Skeleton h={24} w="45%" radius="sm" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {['email', 'fullName', 'phoneNumber'].map((field) => (
            <FieldSkeleton key={field} />
          ))}
        </SimpleGrid>
      </Stack>
      <Skeleton h={42} w={160} radius="sm" style={{ alignSelf: 'flex-end' }} />
    </Stack>
  );
});
