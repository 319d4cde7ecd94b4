import { CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

export const SEARCH_DEBOUNCE_MS = 300;

interface ListToolbarProps {
  /** The search as it stands in the URL. */
  search: string;
  onSearchChange(search: string): void;
  searchPlaceholder?: string;
  /** Filter inputs, shown after the search box. */
  filters?: ReactNode;
  /** Buttons on the right (e.g. "Create role"). */
  actions?: ReactNode;
}

/**
 * The search box and filters above a list. The box keeps its own text and tells the list only
 * after a pause in typing, so a request is not sent for every key stroke.
 */
export function ListToolbar({ search, onSearchChange, searchPlaceholder, filters, actions }: ListToolbarProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(search);
  const sent = useRef(search);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearchChange(next);
  }, SEARCH_DEBOUNCE_MS);

  // The URL can change without typing (back button, a "clear filters" link): follow it.
  useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setValue(search);
    }
  }, [search]);

  const clear = () => {
    send.cancel();
    setValue('');
    sent.current = '';
    onSearchChange('');
  };

  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto' }}>
        <TextInput
          aria-label={t('data.search')}
          placeholder={searchPlaceholder ?? t('data.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={value ? <CloseButton size="sm" aria-label={t('data.clearSearch')} onClick={clear} /> : null}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            send(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            // Enter searches at once instead of waiting for the pause.
            if (event.key === 'Enter') send.flush();
          }}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        {filters}
      </Group>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
