import { Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatDateTime } from './format';

export interface TimelineEntry {
  _id: string;
  /** Already in the reader's language (the API renders it). */
  description: string;
  user: { name: string } | null;
  createdAt: string;
}

/** A record's history, oldest first, as the fault and service request pages show it; `empty` when there is none. */
export function RecordTimeline({ entries, empty }: { entries: readonly TimelineEntry[]; empty: string }) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2}>
      {entries.map((entry) => (
        <Timeline.Item key={entry._id} bullet={<IconHistory size={12} />}>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {entry.description}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {[entry.user?.name, formatDateTime(entry.createdAt)].filter(Boolean).join(' · ')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
