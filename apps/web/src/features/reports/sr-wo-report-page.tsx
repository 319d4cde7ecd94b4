import { ReportPage } from './report-page';

/** /report/sr-wo-report: service requests and work orders with their times, SLA and costs (drawn from REPORT_VIEWS["sr-wo"]). */
export default function SrWoReportPage() {
  return <ReportPage report="sr-wo" />;
}
