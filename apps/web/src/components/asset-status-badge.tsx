import type { AssetStatus } from '@amp/contracts/asset';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<AssetStatus, MantineColor> = {
  active: 'teal',
  faulty: 'red',
  under_maintenance: 'orange',
  decommissioned: 'gray',
};

/** Mantine's orange text on its light background misses 4.5:1; this darker shade reaches 5.3:1. */
const TEXT_COLORS: Partial<Record<AssetStatus, string>> = { under_maintenance: '#b33d0c' };

/** An asset's status, the same colour and words on every page (owner's, provider's, technician's). */
export function AssetStatusBadge({ status, size }: { status: AssetStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      c={TEXT_COLORS[status]}
      variant="light"
      size={size}
      // The whole word always shows: a narrow table column must not cut "Under maintenance".
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`asset.status.${status}`)}
    </Badge>
  );
}
