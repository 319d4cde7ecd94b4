import type { ImportMode } from '@amp/contracts/asset-import';
import type { ImportEndpoints } from '../../components/import/import-api';
import type { ImportTexts } from '../../components/import/import-status';

/** docs/api-contract.md, "Bulk import": where a bulk add or update lives in the API, and its own sentences. */

const ENDPOINTS: Record<ImportMode, ImportEndpoints> = {
  add: endpointsOf('add'),
  update: endpointsOf('update'),
};

function endpointsOf(mode: ImportMode): ImportEndpoints {
  return {
    // Both modes under one root: starting either refreshes the other's recent imports too.
    key: 'asset-imports',
    upload: `/v2/asset/bulk/${mode}`,
    job: (id) => `/v2/asset/bulk/${id}`,
    errors: (id) => `/v2/asset/bulk/${id}/errors`,
    list: '/v2/asset/bulk',
    listParams: { mode },
    template: (format) => ({
      path: `/v2/asset/bulk/template?mode=${mode}&format=${format}`,
      fileName: `asset-bulk-${mode}-template.${format}`,
    }),
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
