import type { PricebookItem } from '@amp/contracts/pricebook';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { formatNaira } from '../data/format';
import type { CostLineTexts } from './cost-line-texts';
import { usePricebookItems } from './pricebook-items-api';
import { PricebookKindBadge } from './pricebook-kind-badge';
import { PickerRow, SearchPicker } from './search-picker';

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

/** A pricebook, searchable: a tap adds the item as a line (again: one more of it). */
export function PricebookPicker({ opened, onClose, onPick, quantities, pricebook, texts }: PricebookPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const items = usePricebookItems(pricebook.organisationId, debounced, opened);
  const unavailable =
    texts.picker.unavailable && items.error instanceof ApiError && items.error.status === 404 ? t(texts.picker.unavailable) : null;

  return (
    <SearchPicker
      opened={opened}
      onClose={onClose}
      title={t(texts.picker.title, { name: pricebook.name })}
      search={search}
      onSearchChange={setSearch}
      searched={debounced !== ''}
      query={items}
      texts={{
        search: t(texts.picker.search),
        empty: t(texts.picker.empty),
        noMatch: t(texts.picker.noMatch),
        more: (shown, total) => t(texts.picker.more, { shown, total }),
        done: t(texts.picker.done),
      }}
      unavailable={unavailable}
      row={(item) => <PricebookRow item={item} added={quantities.get(item._id)} onPick={() => onPick(item)} texts={texts} />}
    />
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
    <PickerRow picked={added !== undefined} label={t(texts.picker.add, { name: item.name })} onPick={onPick}>
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
    </PickerRow>
  );
}
