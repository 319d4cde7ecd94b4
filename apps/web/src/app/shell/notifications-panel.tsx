import { ActionIcon, Box, Drawer, Indicator, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logQuietly } from '../../components/api-error';
import { ApiError, api } from '../../lib/api';

/** A notification of SPEC.md section 3. */
interface AppNotification {
  _id?: string;
  description: string;
  path?: string | null;
  createdAt: string;
}

/** SPEC.md section 9: notification times read DD-MM-YY, h:mm:ss a. */
const TIME_FORMAT = 'DD-MM-YY, h:mm:ss a';
const COUNT_KEY = ['notification', 'count'] as const;
const LIST_KEY = ['notification', 'list'] as const;

/** Set when the server has no notification API yet, so the count stops polling. */
let notificationApiMissing = false;

/**
 * Failures loading notifications are only logged (SPEC.md section 8). The notification API
 * arrives with a later module; until then its 404 simply means "nothing yet".
 */
async function quietly<T>(what: string, call: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notificationApiMissing = true;
    else logQuietly(what, error);
    return empty;
  }
}

/** The count comes as a number or as an object with count (SPEC.md section 3). */
function countOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'count' in value && typeof value.count === 'number') return value.count;
  return 0;
}

function clearOnServer() {
  return quietly('clearing notifications', () => api.get('/v2/notification/clear'), undefined);
}

export function NotificationsPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);

  const count = useQuery({
    queryKey: COUNT_KEY,
    queryFn: () => quietly('loading the notification count', async () => countOf(await api.get<unknown>('/v2/notification/count')), 0),
    refetchInterval: () => (notificationApiMissing ? false : 60_000),
  });
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () =>
      quietly(
        'loading notifications',
        async () => {
          const data = await api.get<unknown>('/v2/notification');
          return Array.isArray(data) ? (data as AppNotification[]) : [];
        },
        [] as AppNotification[],
      ),
    enabled: opened,
  });

  // SPEC.md section 4: notifications are cleared on the server when the panel closes.
  const closePanel = () => {
    close();
    void clearOnServer().then(() => queryClient.invalidateQueries({ queryKey: ['notification'] }));
  };

  const openNotification = (item: AppNotification) => {
    closePanel();
    if (item.path) navigate(item.path);
  };

  const unread = count.data ?? 0;
  const items = list.data ?? [];

  return (
    <>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={6}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={40}
          radius="xl"
          onClick={open}
          aria-label={unread > 0 ? t('shell.notifications.openWithCount', { count: unread }) : t('shell.notifications.open')}
        >
          <IconBell size={22} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={closePanel} position="right" size="sm" title={t('shell.notifications.title')} padding="md">
        {list.isFetching && items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('common.loading')}
          </Text>
        ) : items.length === 0 ? (
          <Stack align="center" gap="xs" py="xl">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconBellOff size={28} />
            </ThemeIcon>
            <Text c="dimmed">{t('shell.notifications.empty')}</Text>
          </Stack>
        ) : (
          <Stack gap={4}>
            {items.map((item, index) => (
              <UnstyledButton
                key={item._id ?? `${item.createdAt}-${index}`}
                onClick={() => openNotification(item)}
                p="sm"
                style={{ borderRadius: 'var(--mantine-radius-md)', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Box>
                  <Text size="sm">{item.description}</Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {dayjs(item.createdAt).format(TIME_FORMAT)}
                  </Text>
                </Box>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Drawer>
    </>
  );
}
