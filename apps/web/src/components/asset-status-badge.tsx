import type { AssetStatus } from '@amp/contracts/asset';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { StatusBadge } from './status-badge';

const STATUS_COLORS: Record<AssetStatus, MantineColor> = {
  active: 'teal',
  faulty: 'red',
  under_maintenance: 'orange',
  decommissioned: 'gray',
};

/** An asset's status, the same colour and words on every page (owner's, provider's, technician's). */
export function AssetStatusBadge({ status, size }: { status: AssetStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={STATUS_COLORS[status] ?? 'gray'} label={t(`asset.status.${status}`)} size={size} />;
}
