import { Alert, Button, EmptyState, Skeleton, Stack, Table } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { apiErrorText } from '../api-error';

/** Placeholder rows while a table loads, so the layout does not jump when the data arrives. */
export function TableSkeleton({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <Table.Tbody aria-hidden>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Table.Tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" width={column === 0 ? '80%' : '60%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** Placeholder cards while a card list loads. */
export function CardsSkeleton({ count = 3, height = 140 }: { count?: number; height?: number }) {
  return (
    <Stack gap="md" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}

interface ListEmptyProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** When a search or filter is active, offers to clear it. */
  onReset?: () => void;
}

/** What an empty list says instead of showing a bare table header. */
export function ListEmpty({ title, description, icon, onReset }: ListEmptyProps) {
  const { t } = useTranslation();
  return (
    <EmptyState py="xl" title={title} description={description} icon={icon ?? <IconInbox size={32} stroke={1.5} />} withIndicatorBackground>
      {onReset ? (
        <EmptyState.Actions>
          <Button variant="light" onClick={onReset}>
            {t('data.clearFilters')}
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}

/** A failed load, with the API's message when there is one, and a retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = apiErrorText(error);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('data.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        {message}
        {onRetry ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('data.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
