import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { formatDateTime } from '../data/format';
import type { RequestOrOrderTexts } from './request-or-order-texts';

interface AssignedMember {
  _id: string;
  name: string;
  assignedAt: string;
}

/** The staff assigned to a request or a work order, each with when; none says so. */
export function AssignedStaffList({ staff, texts }: { staff: readonly AssignedMember[]; texts: RequestOrOrderTexts }) {
  const { t } = useTranslation();
  if (staff.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t(`${texts}.detail.noStaff`)}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {staff.map((member) => (
        <Group key={member._id} justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {member.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`${texts}.detail.assignedAt`, { time: formatDateTime(member.assignedAt) })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
