import type { ImportMode } from '@amp/contracts/asset-import';
import { assetImportOperations as op } from '@amp/contracts/operations/asset-import';
import type { QueryInput } from '@amp/contracts/operations/operation';
import type { ImportEndpoints } from '../../components/import/import-api';
import type { ImportTexts } from '../../components/import/import-status';
import { withQuery } from '../../lib/api';
import { callPath } from '../../lib/api-call';

/** docs/api-contract.md, "Bulk import": where a bulk add or update lives in the API, and its own sentences. */

const ENDPOINTS: Record<ImportMode, ImportEndpoints> = {
  add: endpointsOf('add'),
  update: endpointsOf('update'),
};

function endpointsOf(mode: ImportMode): ImportEndpoints {
  return {
    // Both modes under one root: starting either refreshes the other's recent imports too.
    key: 'asset-imports',
    upload: callPath(mode === 'add' ? op.assetAdd : op.assetUpdate),
    job: (id) => callPath(op.assetJob, { id }),
    errors: (id) => callPath(op.assetErrors, { id }),
    list: callPath(op.assetList),
    listParams: { mode },
    template: (format) => {
      const query: QueryInput<typeof op.assetTemplate> = { mode, format };
      return { path: withQuery(callPath(op.assetTemplate), query), fileName: `asset-bulk-${mode}-template.${format}` };
    },
    // The asset lists and counts.
    stale: [['assets'], ['clusters']],
  };
}

export const assetImportEndpoints = (mode: ImportMode) => ENDPOINTS[mode];

export const assetImportTexts = (mode: ImportMode): ImportTexts => ({
  templateHint: `assetImport.template.hint.${mode}`,
  validating: 'assetImport.phase.validating',
  writing: `assetImport.phase.writing.${mode}`,
  written: mode === 'add' ? 'assetImport.result.added' : 'assetImport.result.updated',
  errors: `assetImport.result.errors.${mode}`,
  nothingWritten: `assetImport.result.nothingWritten.${mode}`,
  viewList: 'assetImport.result.viewList',
});
