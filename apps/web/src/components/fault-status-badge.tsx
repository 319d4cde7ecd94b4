import type { FaultStatus } from '@amp/contracts/fault';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<FaultStatus, MantineColor> = {
  awaiting_provider: 'orange',
  returned: 'grape',
  awaiting_owner: 'blue',
  rejected: 'red',
  converted: 'teal',
};

/** Mantine's orange text on its light background misses 4.5:1; this darker shade reaches 5.3:1. */
const TEXT_COLORS: Partial<Record<FaultStatus, string>> = { awaiting_provider: '#b33d0c' };

/** A fault's status, the same colour and words on the fault pages and the asset pages. */
export function FaultStatusBadge({ status, size }: { status: FaultStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      c={TEXT_COLORS[status]}
      variant="light"
      size={size}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`faults.status.${status}`)}
    </Badge>
  );
}
