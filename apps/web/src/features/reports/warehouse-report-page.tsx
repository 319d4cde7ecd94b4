import { ReportPage } from './report-page';

/** /report/warehouse: stock, its value and its movements (drawn from REPORT_VIEWS.warehouse). */
export default function WarehouseReportPage() {
  return <ReportPage report="warehouse" />;
}
