import { Badge, type MantineColor } from '@mantine/core';

/** Mantine's orange text on its light background misses 4.5:1; this darker shade reaches 5.3:1. */
const READABLE_TEXT: Partial<Record<MantineColor, string>> = { orange: '#b33d0c' };

/**
 * A record's status as every page shows it: a light badge in the status's colour, its whole word
 * always visible (a narrow table column must not cut "Under maintenance"). Each workflow maps its
 * statuses to colours and words once (asset-status-badge, fault-status-badge).
 */
export function StatusBadge({ color, label, size }: { color: MantineColor; label: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={color}
      c={READABLE_TEXT[color]}
      variant="light"
      size={size}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}
