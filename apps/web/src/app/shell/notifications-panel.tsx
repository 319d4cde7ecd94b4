import type { Notification } from '@amp/contracts/notification';
import { formatNotificationTime } from '@amp/contracts/notification-time';
import { notificationOperations as op } from '@amp/contracts/operations/notification';
import { ActionIcon, Box, Drawer, Group, Indicator, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, getToken, streamEvents } from '../../lib/api';
import { call, callPath } from '../../lib/api-call';
import { ME_QUERY_KEY, useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { readerZone } from '../../lib/reader-time-zone';

const COUNT_KEY = ['notification', 'count'] as const;
const LIST_KEY = ['notification', 'list'] as const;
const PAGE_SIZE = 20;
/** Reconnecting the live stream: 1 s, 2 s, 4 s, ... at most 30 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Every query but the bell's own and the signed-in user's, which the stream itself keeps current. */
export function refreshesOnNotification(queryKey: readonly unknown[]): boolean {
  const [root] = queryKey;
  return root !== COUNT_KEY[0] && root !== ME_QUERY_KEY[0];
}

/** docs/product.md#notifications-and-activity: failures loading notifications are only logged. */
function logFailure(what: string, error: unknown) {
  console.error(`[amp] ${what} failed`, error instanceof ApiError ? `${error.status} ${error.message}` : error);
}

/** The count comes as a number or as an object with count (docs/product.md#notifications-and-activity). */
function countOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'count' in value && typeof value.count === 'number') return value.count;
  return 0;
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The live stream (GET /v2/notification/stream): `count` sets the badge, `notification` adds one,
 * refreshes the list and shows a toast. Reconnects with backoff when it drops; stops on unmount
 * (sign-out unmounts the shell) and when the session is gone.
 */
function useNotificationStream() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { token } = useAuth();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let delay = RETRY_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      if (controller.signal.aborted || !getToken()) return;
      try {
        await streamEvents(
          callPath(op.stream),
          ({ event, data }) => {
            delay = RETRY_FIRST_MS;
            const value = parse(data);
            if (event === 'count') {
              queryClient.setQueryData<number>(COUNT_KEY, countOf(value));
            } else if (event === 'notification') {
              queryClient.setQueryData<number>(COUNT_KEY, (count) => (count ?? 0) + 1);
              void queryClient.invalidateQueries({ queryKey: LIST_KEY });
              // A notification means a record moved: every record, list, counter and dialog on
              // screen is read again from this one event (only the queries in use are fetched), so
              // no page waits for a reload and no feature has to be named here to be kept fresh.
              void queryClient.invalidateQueries({ predicate: (query) => refreshesOnNotification(query.queryKey) });
              const description =
                value && typeof value === 'object' && 'description' in value && typeof value.description === 'string'
                  ? value.description
                  : '';
              notifications.show({ title: t('shell.notifications.new'), message: description, autoClose: 6000 });
            }
          },
          controller.signal,
        );
      } catch (error) {
        // A 401 signs the user out (the session-expired notice); there is nothing to reconnect to.
        if (error instanceof ApiError && error.status === 401) return;
        logFailure('the notification stream', error);
      }
      if (controller.signal.aborted) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [queryClient, t, token]);
}

export function NotificationsPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  useNotificationStream();

  // docs/product.md#notifications-and-activity: the count on header load; afterwards the stream keeps it current.
  const count = useQuery({
    queryKey: COUNT_KEY,
    queryFn: async () => {
      try {
        return countOf(await call(op.count));
      } catch (error) {
        logFailure('loading the notification count', error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // docs/product.md#notifications-and-activity: the list when the panel opens.
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: async () => {
      try {
        return await call(op.list, { query: { page: 1, pageSize: PAGE_SIZE } });
      } catch (error) {
        logFailure('loading notifications', error);
        throw error;
      }
    },
    enabled: opened,
    staleTime: 0,
    retry: false,
  });

  // docs/product.md#notifications-and-activity: notifications are cleared on the server when the panel closes or one is clicked.
  const closePanel = () => {
    close();
    queryClient.setQueryData<number>(COUNT_KEY, 0);
    queryClient.setQueryData<Notification[]>(LIST_KEY, (items) => items?.map((item) => ({ ...item, read: true })));
    call(op.clear).then(
      () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
      (error) => logFailure('clearing notifications', error),
    );
  };

  const openNotification = (item: Notification) => {
    closePanel();
    if (item.path) navigate(item.path);
  };

  const unread = count.data ?? 0;
  const items = list.data;

  let body: ReactNode;
  if (!items && list.isError) {
    body = (
      <Text c="dimmed" size="sm" role="status">
        {t('shell.notifications.loadFailed')}
      </Text>
    );
  } else if (!items) {
    body = (
      <Text c="dimmed" size="sm">
        {t('common.loading')}
      </Text>
    );
  } else if (items.length === 0) {
    body = (
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconBellOff size={28} />
        </ThemeIcon>
        <Text c="dimmed">{t('shell.notifications.empty')}</Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <li key={item._id}>
            <UnstyledButton
              onClick={() => openNotification(item)}
              p="sm"
              w="100%"
              data-unread={item.read ? undefined : true}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                borderBottom: '1px solid var(--mantine-color-gray-2)',
                background: item.read ? undefined : 'var(--mantine-color-blue-light)',
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Box
                  aria-hidden
                  mt={6}
                  w={8}
                  h={8}
                  style={{ flex: 'none', borderRadius: '50%', background: item.read ? 'transparent' : 'var(--mantine-color-blue-filled)' }}
                />
                <Box>
                  {!item.read && <VisuallyHidden>{t('shell.notifications.unread')}</VisuallyHidden>}
                  <Text size="sm" fw={item.read ? 400 : 600}>
                    {item.description}
                  </Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {formatNotificationTime(item.createdAt, readerZone())}
                  </Text>
                </Box>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={6}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={40}
          radius="xl"
          onClick={open}
          aria-label={t('shell.notifications.openWithCount', { count: unread })}
        >
          <IconBell size={22} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={closePanel} position="right" size="sm" title={t('shell.notifications.title')} padding="md">
        {body}
      </Drawer>
    </>
  );
}
