import { Alert, Button, Group, Loader, Modal, ScrollArea, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { Page } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { apiErrorText } from '../api-error';
import { useCompactLayout } from '../data/use-compact-layout';

interface SearchPickerProps<T extends { _id: string }> {
  opened: boolean;
  onClose(): void;
  title: string;
  search: string;
  onSearchChange(search: string): void;
  /** The search as asked (debounced): with one, "nothing matches"; without, "nothing yet". */
  searched: boolean;
  /** The page of rows matching the search. */
  query: { data?: Page<T>; isPending: boolean; isError: boolean; isFetching: boolean; error: unknown };
  /** Translated: the search box, nothing yet, nothing matching, "N of M shown", the closing button. */
  texts: { search: string; empty: string; noMatch: string; more(shown: number, total: number): string; done: string };
  /** What to say instead of the API's message when the rows cannot be read (e.g. a pricebook no longer offered). */
  unavailable?: string | null;
  /** One row, usually a PickerRow. */
  row(item: T): ReactNode;
}

/**
 * A searchable list to pick from (a pricebook's items, a warehouse's stock): full screen on a phone,
 * and it stays open so several rows can be picked in a row.
 */
export function SearchPicker<T extends { _id: string }>({
  opened,
  onClose,
  title,
  search,
  onSearchChange,
  searched,
  query,
  texts,
  unavailable,
  row,
}: SearchPickerProps<T>) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? rows.length;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={compact}
      size="lg"
      closeButtonProps={{ 'aria-label': t('data.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          rightSection={query.isFetching ? <Loader size="xs" /> : undefined}
          placeholder={texts.search}
          aria-label={texts.search}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
        />
        {query.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2, 3].map((placeholder) => (
              <Skeleton key={placeholder} h={56} radius="sm" />
            ))}
          </Stack>
        ) : query.isError ? (
          <Alert color={unavailable ? 'orange' : 'red'} icon={<IconAlertCircle size={18} />}>
            {unavailable ?? apiErrorText(query.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {searched ? texts.noMatch : texts.empty}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((item) => (
              <Fragment key={item._id}>{row(item)}</Fragment>
            ))}
            {total > rows.length ? (
              <Text size="xs" c="dimmed" ta="center">
                {texts.more(rows.length, total)}
              </Text>
            ) : null}
          </Stack>
        )}
        <Group justify="flex-end" pt="xs">
          <Button onClick={onClose}>{texts.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One row of a SearchPicker: a button that picks it, outlined in teal once picked. */
export function PickerRow({ picked, label, onPick, children }: { picked: boolean; label: string; onPick(): void; children: ReactNode }) {
  return (
    <UnstyledButton
      onClick={onPick}
      aria-label={label}
      style={{
        border: `1px solid ${picked ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
        background: picked ? 'var(--mantine-color-teal-0)' : undefined,
      }}
    >
      {children}
    </UnstyledButton>
  );
}
