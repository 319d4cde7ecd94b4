import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

/** A form page while what it needs loads: the intro line, the first section and the rest. */
export function FormPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={14} w="60%" radius="sm" />
      <Skeleton h={180} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}
