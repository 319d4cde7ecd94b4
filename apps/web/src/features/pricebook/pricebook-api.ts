import { assetImportOperations as importOp } from '@amp/contracts/operations/asset-import';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { pricebookOperations as op } from '@amp/contracts/operations/pricebook';
import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportEndpoints } from '../../components/import/import-api';
import type { ImportTexts } from '../../components/import/import-status';
import { downloadAs, withQuery } from '../../lib/api';
import { call, callAnswer, callPath } from '../../lib/api-call';

export type { PricebookItem, PricebookKind };

/** page, pageSize, search, sort, order, kind, state: as kept in the URL by useUrlListState. */
export type PricebookListQuery = Record<string, string | number | undefined>;

/** What the form sends to POST /v2/pricebook/create and PUT /v2/pricebook/update/:id (an update takes the same fields, none required). */
export type PricebookItemInput = BodyInput<typeof op.create> & BodyInput<typeof op.update>;

export const pricebookKeys = {
  all: ['pricebook'] as const,
  list: (query: PricebookListQuery) => ['pricebook', 'list', query] as const,
};

/** The caller's organisation's own pricebook. */
export function usePricebook(query: PricebookListQuery) {
  return useQuery({
    queryKey: pricebookKeys.list(query),
    queryFn: () => callAnswer(op.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The pricebook of a provider the caller works with (404 for any other). */
export function useProviderPricebook(organisationId: string, query: PricebookListQuery) {
  return useQuery({
    queryKey: [...pricebookKeys.all, 'of', organisationId, query] as const,
    queryFn: () => callAnswer(op.listOf, { params: { organisationId }, query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useInvalidatingMutation<Variables>(mutationFn: (variables: Variables) => Promise<PricebookItem>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: pricebookKeys.all }) });
}

export function useCreatePricebookItem() {
  return useInvalidatingMutation((input: PricebookItemInput) => call(op.create, { body: input }));
}

export function useUpdatePricebookItem() {
  return useInvalidatingMutation(({ id, input }: { id: string; input: PricebookItemInput }) =>
    call(op.update, { params: { id }, body: input }),
  );
}

/** Retires an item (retired: true) or offers it again. */
export function useSetPricebookItemRetired() {
  return useInvalidatingMutation(({ id, retired }: { id: string; retired: boolean }) =>
    call(retired ? op.retire : op.restore, { params: { id } }),
  );
}

/** The organisation's pricebook as a file (offered items, or those of the list's state). */
export const downloadPricebook = (format: 'csv' | 'xlsx', state: string | undefined) =>
  downloadAs(withQuery(callPath(op.export), { format, state }), `pricebook.${format}`);

/** docs/api-contract.md, "Pricebook": the pricebook import, through the shared import pages (components/import). */
export const pricebookImportEndpoints: ImportEndpoints = {
  key: 'pricebook-imports',
  upload: callPath(importOp.pricebookStart),
  job: (id) => callPath(importOp.pricebookJob, { id }),
  errors: (id) => callPath(importOp.pricebookErrors, { id }),
  list: callPath(importOp.pricebookList),
  template: (format) => ({
    path: withQuery(callPath(importOp.pricebookTemplate), { format }),
    fileName: `pricebook-import-template.${format}`,
  }),
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
