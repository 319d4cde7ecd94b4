import type { ObservationStatus, ObservationType, SlaClockAnswer, SrPriority, SrStatus } from '@amp/contracts/service-request';
import { Badge, type MantineColor } from '@mantine/core';
import { StatusBadge } from '../../components/status-badge';
import { PRIORITY_COLORS, PriorityBadge } from '../../components/workflow/priority-badge';
import { SlaClockSummary as ClockSummary, SlaClockPanel } from '../../components/workflow/sla-clock';
import { useTranslation } from '../../lib/i18n';

/**
 * The words and colours of a service request wherever it is shown: its status, its priority, its
 * SLA clocks and its observations. Shared by the request pages and the observation pages.
 */

type Size = 'xs' | 'sm' | 'md' | 'lg';

export const SR_STATUS_COLORS: Record<SrStatus, MantineColor> = {
  sent: 'blue',
  accepted: 'cyan',
  declined: 'red',
  assigned: 'indigo',
  observed: 'orange',
  resolved: 'teal',
  closed: 'gray',
};

export const SR_PRIORITY_COLORS = PRIORITY_COLORS;

export const OBSERVATION_STATUS_COLORS: Record<ObservationStatus, MantineColor> = {
  submitted: 'orange',
  accepted: 'teal',
  rejected: 'red',
  superseded: 'gray',
};

export function SrStatusBadge({ status, size }: { status: SrStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={SR_STATUS_COLORS[status] ?? 'gray'} label={t(`serviceRequests.status.${status}`)} size={size} />;
}

export function SrPriorityBadge({ priority, size }: { priority: SrPriority; size?: Size }) {
  return <PriorityBadge priority={priority} texts="serviceRequests" size={size} />;
}

export function ObservationStatusBadge({ status, size }: { status: ObservationStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <StatusBadge color={OBSERVATION_STATUS_COLORS[status] ?? 'gray'} label={t(`serviceRequests.observationStatus.${status}`)} size={size} />
  );
}

/** Okay or Not Okay (docs/product.md#service-requests-and-observations), green or red. */
export function ObservationTypeBadge({ type, size }: { type: ObservationType; size?: Size }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={type === 'okay' ? 'teal.8' : 'red.8'} size={size} styles={{ root: { flexShrink: 0 } }}>
      {t(`serviceRequests.observationType.${type}`)}
    </Badge>
  );
}

/** A list row's resolution clock; a request without an SLA says so. `inline` puts its state and time side by side (a phone card). */
export function SlaClockSummary({ clock, inline }: { clock: SlaClockAnswer | null; inline?: boolean }) {
  return <ClockSummary clock={clock} texts="serviceRequests" inline={inline} />;
}

interface SrClockPanelProps {
  kind: 'response' | 'resolution';
  clock: SlaClockAnswer | null;
  /** The reader is the owner, the party the paused clock waits on ("awaiting your decision"). */
  ownerSide: boolean;
}

/** One of a request's clocks in full; its resolution clock pauses while an observation awaits the owner. */
export function SrClockPanel({ kind, clock, ownerSide }: SrClockPanelProps) {
  const { t } = useTranslation();
  return (
    <SlaClockPanel
      kind={kind}
      clock={clock}
      texts="serviceRequests"
      notRunning={t('serviceRequests.sla.noClock')}
      pausedNote={t(ownerSide ? 'serviceRequests.clock.pausedOwner' : 'serviceRequests.clock.pausedOther')}
    />
  );
}
