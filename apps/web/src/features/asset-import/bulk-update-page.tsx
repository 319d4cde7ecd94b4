import { BulkImportPage } from './bulk-import-page';

/** /asset/bulk/update: changes to existing assets, matched by assetID, from a CSV or XLSX file. */
export default function BulkUpdatePage() {
  return <BulkImportPage mode="update" />;
}
