import type { MrStatus } from '@amp/contracts/material-request';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { StatusBadge } from '../status-badge';

const MR_STATUS_COLORS: Record<MrStatus, MantineColor> = {
  pending: 'orange',
  accepted: 'teal',
  partly_accepted: 'cyan',
  rejected: 'red',
  cancelled: 'gray',
};

/** A material request's status, on its own pages and on the work order it is for. */
export function MrStatusBadge({ status, size }: { status: MrStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={MR_STATUS_COLORS[status] ?? 'gray'} label={t(`materialRequests.status.${status}`)} size={size} />;
}
