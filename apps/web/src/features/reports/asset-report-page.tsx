import { ReportPage } from './report-page';

/** /report/asset: assets with their faults, work orders, downtime, MTTR and MTBF (drawn from REPORT_VIEWS.asset). */
export default function AssetReportPage() {
  return <ReportPage report="asset" />;
}
