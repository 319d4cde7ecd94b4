import type { OrganisationKind } from '@amp/contracts/organisation';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useServiceProviders } from '../../lib/queries/providers';
import { type RemoteOption, serverSearchProps } from './remote-multi-select';
import type { UrlListState } from './use-url-list-state';

export type OtherParty = 'owner' | 'provider';

/**
 * The organisation across the table: the provider on the owner's Outgoing list, the owner on the
 * provider's Incoming list; on the finished lists, whichever the reader's organisation is not.
 */
export function otherPartyOf(tab: string, kind: OrganisationKind | undefined): OtherParty {
  if (tab === 'outgoing') return 'provider';
  if (tab === 'incoming') return 'owner';
  return kind === 'asset_owner' ? 'provider' : 'owner';
}

interface NamedParty {
  _id: string;
  name: string;
}

interface PartyFilterProps {
  /** The list whose URL state holds the party as `partyId`. */
  list: Pick<UrlListState<'partyId'>, 'filters' | 'setFilter'>;
  texts: 'serviceRequests' | 'workOrders';
  side: OtherParty;
  /** The providers are searched on the server as one types (an owner may); otherwise the names seen in the rows are offered. */
  searchProviders: boolean;
  /** The rows on screen: the names they carry are offered (and keep a chosen one's label). */
  rows: readonly Record<OtherParty, NamedParty>[];
}

interface PartySelectProps {
  texts: PartyFilterProps['texts'];
  side: OtherParty;
  value: string | null;
  onChange(value: string | null): void;
  rows: PartyFilterProps['rows'];
}

/**
 * By the other party of the list. An owner searches the providers on the server as it types; a
 * provider (which has no list of the owners it serves) picks from the owners seen in the rows.
 */
export function PartyFilter({ list, searchProviders, ...props }: PartyFilterProps) {
  const value = list.filters.partyId ?? null;
  const onChange = (next: string | null) => list.setFilter('partyId', next);
  return searchProviders ? (
    <ProviderSelect {...props} value={value} onChange={onChange} />
  ) : (
    <SeenPartySelect {...props} value={value} onChange={onChange} />
  );
}

/** Every party name seen in the rows so far, so a chosen one keeps its name after the rows move on. */
function useSeenParties(rows: PartyFilterProps['rows'], side: OtherParty) {
  const labels = useRef(new Map<string, string>()).current;
  for (const row of rows) labels.set(row[side]._id, row[side].name);
  return labels;
}

function usePartySelectProps(texts: PartyFilterProps['texts'], side: OtherParty) {
  const { t } = useTranslation();
  return {
    'aria-label': t(`${texts}.filter.${side}`),
    placeholder: t(side === 'provider' ? `${texts}.filter.allProviders` : `${texts}.filter.allOwners`),
    clearable: true,
    w: { base: '100%', xs: 220 },
  } as const;
}

function SeenPartySelect({ texts, side, value, onChange, rows }: PartySelectProps) {
  const { t } = useTranslation();
  const labels = useSeenParties(rows, side);
  const common = usePartySelectProps(texts, side);
  const data = [...labels].map(([id, name]) => ({ value: id, label: name })).sort((a, b) => a.label.localeCompare(b.label));
  if (value && !labels.has(value)) data.unshift({ value, label: '…' });
  return (
    <Select {...common} searchable nothingFoundMessage={t(`${texts}.filter.nothingFound`)} data={data} value={value} onChange={onChange} />
  );
}

function ProviderSelect({ texts, side, value, onChange, rows }: PartySelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const labels = useSeenParties(rows, side);
  const common = usePartySelectProps(texts, side);
  // While the box shows the chosen provider's name, that name is not a search.
  const [debounced] = useDebouncedValue(value && search === labels.get(value) ? '' : search, 300);
  const providers = useServiceProviders(debounced);
  const found = providers.data?.data;

  const data = useMemo(() => {
    const options: RemoteOption[] = (found ?? []).map((provider) => ({ value: provider._id, label: provider.name }));
    for (const option of options) labels.set(option.value, option.label);
    const chosen = value && !options.some((option) => option.value === value) ? [{ value, label: labels.get(value) ?? '…' }] : [];
    return [...chosen, ...options];
  }, [found, value, labels]);

  return (
    <Select
      {...common}
      data={data}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange(next);
      }}
      {...serverSearchProps({
        search,
        onSearchChange: setSearch,
        loading: providers.isFetching,
        loadingMessage: t('common.loading'),
        nothingFoundMessage: t(`${texts}.filter.nothingFound`),
      })}
    />
  );
}
