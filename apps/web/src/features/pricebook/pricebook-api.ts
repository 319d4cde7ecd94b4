import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportEndpoints } from '../../components/import/import-api';
import type { ImportTexts } from '../../components/import/import-status';
import { api, downloadAs } from '../../lib/api';

export type { PricebookItem, PricebookKind };

/** page, pageSize, search, sort, order, kind, state: as kept in the URL by useUrlListState. */
export type PricebookListQuery = Record<string, string | number | undefined>;

/** What the form sends to POST /v2/pricebook/create and PUT /v2/pricebook/update/:id. */
export interface PricebookItemInput {
  name?: string;
  description?: string;
  brand?: string;
  model?: string;
  price?: string;
  kind?: PricebookKind;
  unit?: string;
}

export const pricebookKeys = {
  all: ['pricebook'] as const,
  list: (query: PricebookListQuery) => ['pricebook', 'list', query] as const,
};

/** The caller's organisation's own pricebook. */
export function usePricebook(query: PricebookListQuery) {
  return useQuery({
    queryKey: pricebookKeys.list(query),
    queryFn: () => api.page<PricebookItem>('/v2/pricebook', { ...query }),
    placeholderData: keepPreviousData,
  });
}

/** The pricebook of a provider the caller works with (404 for any other). */
export function useProviderPricebook(organisationId: string, query: PricebookListQuery) {
  return useQuery({
    queryKey: [...pricebookKeys.all, 'of', organisationId, query] as const,
    queryFn: () => api.page<PricebookItem>(`/v2/pricebook/of/${organisationId}`, { ...query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useInvalidatingMutation<Variables>(mutationFn: (variables: Variables) => Promise<PricebookItem>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: pricebookKeys.all }) });
}

export function useCreatePricebookItem() {
  return useInvalidatingMutation((input: PricebookItemInput) => api.post<PricebookItem>('/v2/pricebook/create', input));
}

export function useUpdatePricebookItem() {
  return useInvalidatingMutation(({ id, input }: { id: string; input: PricebookItemInput }) =>
    api.put<PricebookItem>(`/v2/pricebook/update/${id}`, input),
  );
}

/** Retires an item (retired: true) or offers it again. */
export function useSetPricebookItemRetired() {
  return useInvalidatingMutation(({ id, retired }: { id: string; retired: boolean }) =>
    api.post<PricebookItem>(`/v2/pricebook/${retired ? 'retire' : 'restore'}/${id}`),
  );
}

/** The organisation's pricebook as a file (offered items, or those of the list's state). */
export const downloadPricebook = (format: 'csv' | 'xlsx', state: string | undefined) =>
  downloadAs(`/v2/pricebook/export?format=${format}${state ? `&state=${state}` : ''}`, `pricebook.${format}`);

/** docs/api-contract.md, "Pricebook": the pricebook import, through the shared import pages (components/import). */
export const pricebookImportEndpoints: ImportEndpoints = {
  key: 'pricebook-imports',
  upload: '/v2/pricebook/import',
  job: (id) => `/v2/pricebook/import/${id}`,
  errors: (id) => `/v2/pricebook/import/${id}/errors`,
  list: '/v2/pricebook/imports',
  template: (format) => ({ path: `/v2/pricebook/import/template?format=${format}`, fileName: `pricebook-import-template.${format}` }),
  stale: [pricebookKeys.all],
};

export const pricebookImportTexts: ImportTexts = {
  templateHint: 'pricebook.import.templateHint',
  validating: 'pricebook.import.validating',
  writing: 'pricebook.import.writing',
  written: 'pricebook.import.written',
  errors: 'pricebook.import.errors',
  nothingWritten: 'pricebook.import.nothingWritten',
  viewList: 'pricebook.import.viewList',
};
