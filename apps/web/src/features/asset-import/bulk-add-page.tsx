import { BulkImportPage } from './bulk-import-page';

/** /asset/bulk/add: new assets from a CSV or XLSX file. */
export default function BulkAddPage() {
  return <BulkImportPage mode="add" />;
}
