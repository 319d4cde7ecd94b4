import { Badge, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatNaira } from '../../components/data/format';
import { quantityWithUnit } from '../../components/data/quantity';
import { ItemName } from '../../components/forms/item-name';
import { PickerRow, SearchPicker } from '../../components/forms/search-picker';
import { useTranslation } from '../../lib/i18n';
import { type InventoryItem, useWarehouseItemOptions } from './material-requests-api';

interface ItemPickerProps {
  opened: boolean;
  onClose(): void;
  onPick(item: InventoryItem): void;
  warehouse: { _id: string; name: string };
  /** The quantity of each item already requested, by item id. */
  quantities: Map<string, number | string>;
}

/** A warehouse's stock, searchable, with what each item holds now: a tap adds it to the request (again: one more). */
export function ItemPicker({ opened, onClose, onPick, warehouse, quantities }: ItemPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const items = useWarehouseItemOptions(warehouse._id, debounced, opened);
  return (
    <SearchPicker
      opened={opened}
      onClose={onClose}
      title={t('materialRequests.picker.title', { name: warehouse.name })}
      search={search}
      onSearchChange={setSearch}
      searched={debounced !== ''}
      query={items}
      texts={{
        search: t('materialRequests.picker.search'),
        empty: t('materialRequests.picker.empty'),
        noMatch: t('materialRequests.picker.noMatch'),
        more: (shown, total) => t('materialRequests.picker.more', { shown, total }),
        done: t('materialRequests.picker.done'),
      }}
      row={(item) => <ItemRow item={item} added={quantities.get(item._id)} onPick={() => onPick(item)} />}
    />
  );
}

/** What an item holds now, in its unit ("140 pieces in stock"). */
export function AvailableText({ quantity, unit }: { quantity: number; unit: string | null }) {
  const { t } = useTranslation();
  return quantity === 0 ? (
    <Text size="xs" c="red.8" fw={500}>
      {t('materialRequests.picker.outOfStock')}
    </Text>
  ) : (
    <Text size="xs" c="dimmed">
      {t('materialRequests.picker.inStock', { quantity: quantityWithUnit(t, quantity, unit) })}
    </Text>
  );
}

function ItemRow({ item, added, onPick }: { item: InventoryItem; added: number | string | undefined; onPick(): void }) {
  const { t } = useTranslation();
  return (
    <PickerRow picked={added !== undefined} label={t('materialRequests.picker.add', { name: item.name })} onPick={onPick}>
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <ItemName name={item.name} brand={item.brand} model={item.model} />
          <AvailableText quantity={item.quantity} unit={item.unit} />
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          {item.price ? (
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(item.price)}
            </Text>
          ) : null}
          {added !== undefined ? (
            <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
              {t('materialRequests.picker.added', { quantity: added })}
            </Badge>
          ) : (
            <IconPlus size={16} color="var(--mantine-primary-color-filled)" aria-hidden />
          )}
        </Stack>
      </Group>
    </PickerRow>
  );
}
