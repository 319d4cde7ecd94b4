import type { SrPriority } from '@amp/contracts/service-request';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import type { RequestOrOrderTexts } from './request-or-order-texts';
import { WHOLE_WORD_BADGE_STYLES } from './whole-word-badge';

/** Each priority's colour, the same for a request and a work order. */
export const PRIORITY_COLORS: Record<SrPriority, MantineColor> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

interface PriorityBadgeProps {
  priority: SrPriority;
  texts: RequestOrOrderTexts;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** The priority as a dot badge, so it never reads as a second status beside the status badge. */
export function PriorityBadge({ priority, texts, size }: PriorityBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={PRIORITY_COLORS[priority] ?? 'gray'} size={size} styles={WHOLE_WORD_BADGE_STYLES}>
      {t(`${texts}.priority.${priority}`)}
    </Badge>
  );
}
