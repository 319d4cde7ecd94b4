import type { MrLineStatus } from '@amp/contracts/material-request';
import type { MantineColor } from '@mantine/core';
import { StatusBadge } from '../../components/status-badge';
import { useTranslation } from '../../lib/i18n';

/** A line's status, or cancelled with its request while it was undecided. */
export type ShownLineStatus = MrLineStatus | 'cancelled';

const LINE_COLORS: Record<ShownLineStatus, MantineColor> = { pending: 'orange', accepted: 'teal', rejected: 'red', cancelled: 'gray' };

/** A line's own status: pending, issued or rejected (the request's badge is components/workflow/mr-status-badge.tsx). */
export function MrLineStatusBadge({ status }: { status: ShownLineStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={LINE_COLORS[status] ?? 'gray'} label={t(`materialRequests.lineStatus.${status}`)} size="sm" />;
}
