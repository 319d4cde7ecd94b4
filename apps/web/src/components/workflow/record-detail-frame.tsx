import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { DetailPageFrame } from '../data/detail-page-frame';
import { DetailSkeleton } from './detail-skeleton';

interface RecordDetailFrameProps<T> {
  /** The list the reader comes back to, and the catalogue key of the link's words. */
  back: { to: string; label: string };
  query: UseQueryResult<T>;
  /** Where the document type keeps what a 404 says (`detail.notFound`, `detail.notFoundHint`). */
  texts: 'workOrders' | 'purchaseOrders' | 'materialRequests';
  /** The header's height while the record loads. */
  headerHeight: number;
  children(data: T): ReactNode;
}

/** A workflow record's detail page: the link back to its list, then the record once read, or why it is not there. */
export function RecordDetailFrame<T>({ back, query, texts, headerHeight, children }: RecordDetailFrameProps<T>) {
  const { t } = useTranslation();
  return (
    <DetailPageFrame
      backTo={back.to}
      backLabel={t(back.label)}
      query={query}
      skeleton={<DetailSkeleton headerHeight={headerHeight} />}
      notFoundTitle={t(`${texts}.detail.notFound`)}
      notFoundHint={t(`${texts}.detail.notFoundHint`)}
    >
      {children}
    </DetailPageFrame>
  );
}
