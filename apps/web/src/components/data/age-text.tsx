import { Text, Tooltip } from '@mantine/core';
import { formatAge, formatDateTime } from './format';

/** A time shown as "3 days ago", with the exact date and time on hover and for screen readers. */
export function AgeText({ value, size = 'sm' }: { value: string; size?: 'xs' | 'sm' }) {
  return (
    <Tooltip label={formatDateTime(value)}>
      <Text size={size} c={size === 'xs' ? 'dimmed' : undefined} component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {formatAge(value)}
      </Text>
    </Tooltip>
  );
}
