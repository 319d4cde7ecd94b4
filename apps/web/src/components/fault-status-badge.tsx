import type { FaultStatus } from '@amp/contracts/fault';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { StatusBadge } from './status-badge';

/** Each fault status's colour, wherever a fault is shown (the public tracking page too). */
export const FAULT_STATUS_COLORS: Record<FaultStatus, MantineColor> = {
  awaiting_provider: 'orange',
  returned: 'grape',
  awaiting_owner: 'blue',
  rejected: 'red',
  converted: 'teal',
};

/** A fault's status, the same colour and words on the fault pages and the asset pages. */
export function FaultStatusBadge({ status, size }: { status: FaultStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={FAULT_STATUS_COLORS[status] ?? 'gray'} label={t(`faults.status.${status}`)} size={size} />;
}
