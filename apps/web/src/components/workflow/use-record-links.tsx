import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RecordCodeLink } from '../data/record-code-link';

/**
 * A list's ways into its records: opening one (a click on its row or card) and its code as the link
 * to it, named for screen readers by `openLabel` ("Open purchase order PO-000042").
 */
export function useRecordLinks<R extends { _id: string; code: string }>(href: (record: R) => string, openLabel: (code: string) => string) {
  const navigate = useNavigate();
  return {
    open: (record: R) => navigate(href(record)),
    codeLink: (record: R): ReactNode => <RecordCodeLink to={href(record)} code={record.code} label={openLabel(record.code)} />,
  };
}
