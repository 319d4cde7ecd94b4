import type { PricebookItem } from '@amp/contracts/pricebook';
import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { apiErrorText } from '../api-error';
import { formatNaira } from '../data/format';
import { useCompactLayout } from '../data/use-compact-layout';
import type { CostLineTexts } from './cost-line-texts';
import { usePricebookItems } from './pricebook-items-api';
import { PricebookKindBadge } from './pricebook-kind-badge';

interface PricebookPickerProps {
  opened: boolean;
  onClose(): void;
  onPick(item: PricebookItem): void;
  /** The quantity of each item already taken, by item id. */
  quantities: Map<string, number | string>;
  /** Whose pricebook: the organisation and its name. */
  pricebook: { organisationId: string; name: string };
  texts: CostLineTexts;
}

/**
 * A pricebook, searchable: a tap adds the item as a line (again: one more of it). Full screen on a
 * phone; it stays open so several items can be added in a row.
 */
export function PricebookPicker({ opened, onClose, onPick, quantities, pricebook, texts }: PricebookPickerProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const items = usePricebookItems(pricebook.organisationId, debounced, opened);
  const rows = items.data?.data ?? [];
  const more = (items.data?.meta.total ?? 0) > rows.length;
  const unavailable =
    texts.picker.unavailable && items.error instanceof ApiError && items.error.status === 404 ? t(texts.picker.unavailable) : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(texts.picker.title, { name: pricebook.name })}
      fullScreen={compact}
      size="lg"
      closeButtonProps={{ 'aria-label': t('data.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          rightSection={items.isFetching ? <Loader size="xs" /> : undefined}
          placeholder={t(texts.picker.search)}
          aria-label={t(texts.picker.search)}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {items.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={56} radius="sm" />
            ))}
          </Stack>
        ) : items.isError ? (
          <Alert color={unavailable ? 'orange' : 'red'} icon={<IconAlertCircle size={18} />}>
            {unavailable ?? apiErrorText(items.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {debounced ? t(texts.picker.noMatch) : t(texts.picker.empty)}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((item) => (
              <PricebookRow key={item._id} item={item} added={quantities.get(item._id)} onPick={() => onPick(item)} texts={texts} />
            ))}
            {more ? (
              <Text size="xs" c="dimmed" ta="center">
                {t(texts.picker.more, { shown: rows.length, total: items.data?.meta.total ?? rows.length })}
              </Text>
            ) : null}
          </Stack>
        )}
        <Group justify="flex-end" pt="xs">
          <Button onClick={onClose}>{t(texts.picker.done)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One item of the book: a button that adds it; one already taken says how many. */
function PricebookRow({
  item,
  added,
  onPick,
  texts,
}: {
  item: PricebookItem;
  added: number | string | undefined;
  onPick(): void;
  texts: CostLineTexts;
}) {
  const { t } = useTranslation();
  const details = [item.brand, item.model].filter(Boolean).join(' · ');
  return (
    <UnstyledButton
      onClick={onPick}
      aria-label={t(texts.picker.add, { name: item.name })}
      style={{
        border: `1px solid ${added !== undefined ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
        background: added !== undefined ? 'var(--mantine-color-teal-0)' : undefined,
      }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Text>
          <Group gap={6} wrap="wrap">
            <PricebookKindBadge kind={item.kind} kinds={texts.kinds} />
            {item.unit ? (
              <Text size="xs" c="dimmed">
                {t(texts.picker.perUnit, { unit: item.unit })}
              </Text>
            ) : null}
            {details ? (
              <Text size="xs" c="dimmed">
                {details}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatNaira(item.price)}
          </Text>
          {added !== undefined ? (
            <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
              {t(texts.picker.added, { quantity: added })}
            </Badge>
          ) : (
            <IconPlus size={16} color="var(--mantine-primary-color-filled)" aria-hidden />
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
