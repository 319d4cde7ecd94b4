import type { UserStatus } from '@amp/contracts/user';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

const COLORS: Record<UserStatus, MantineColor> = { active: 'teal', pending: 'yellow', inactive: 'gray', rejected: 'red' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {t(`users.status.${status}`)}
    </Badge>
  );
}
