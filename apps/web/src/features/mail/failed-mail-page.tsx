import { Button, Table, Text, Tooltip } from '@mantine/core';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { formatDateTime } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { type FailedMail, useFailedMail, useRetryMail } from './mail-api';

/**
 * /mail/failed: mail the delivery job gave up on after its last attempt, with the mail server's
 * answer, for the super admin to fix (a wrong address, a server down) and send again.
 */
export default function FailedMailPage() {
  const { t } = useTranslation();
  const list = useUrlListState();
  const mail = useFailedMail(list.query);
  const retry = useRetryMail();

  const send = (row: FailedMail) =>
    retry.mutate(row._id, {
      onSuccess: () => notifySuccess(t('MAIL.RETRY_QUEUED')),
      onError: (error) => notifyError(error),
    });
  const sendButton = (row: FailedMail) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconSend size={14} />}
      loading={retry.isPending && retry.variables === row._id}
      onClick={(event) => {
        event.stopPropagation();
        send(row);
      }}
      aria-label={t('mail.retryLabel', { to: row.to })}
    >
      {t('mail.retry')}
    </Button>
  );
  const attempts = (row: FailedMail) => t('mail.attempts', { count: row.attempts });

  return (
    <ListPage
      list={list}
      query={mail}
      searchPlaceholder={t('mail.searchPlaceholder')}
      above={
        <Text size="sm" c="dimmed">
          {t('mail.intro')}
        </Text>
      }
      empty={{
        icon: <IconMailCheck size={32} stroke={1.5} />,
        title: t('mail.empty'),
        hint: t('mail.emptyHint'),
        noMatchTitle: t('mail.noMatch'),
        noMatchHint: t('mail.noMatchHint'),
      }}
      cardSkeleton={{ count: 3, height: 120 }}
      card={(row) => (
        <ListCard
          title={
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {row.to}
            </Text>
          }
          aside={
            <Text size="xs" c="dimmed">
              {formatDateTime(row.createdAt)}
            </Text>
          }
          actions={sendButton(row)}
        >
          <Text size="sm">{row.subject}</Text>
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {row.error}
          </Text>
          <Text size="xs" c="dimmed">
            {attempts(row)}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 820,
        columns: 6,
        header: (
          <>
            <Table.Th>{t('mail.column.to')}</Table.Th>
            <Table.Th>{t('mail.column.subject')}</Table.Th>
            <Table.Th>{t('mail.column.error')}</Table.Th>
            <Table.Th>{t('mail.column.attempts')}</Table.Th>
            <Table.Th>{t('mail.column.created')}</Table.Th>
            <Table.Th aria-label={t('mail.column.actions')} />
          </>
        ),
        row: (row) => (
          <Table.Tr>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.to}</Table.Td>
            <Table.Td>{row.subject}</Table.Td>
            <Table.Td maw={280}>
              <Tooltip label={row.error} multiline maw={360} disabled={row.error.length < 60}>
                <Text size="sm" c="red.8" lineClamp={2}>
                  {row.error}
                </Text>
              </Tooltip>
            </Table.Td>
            <Table.Td>{row.attempts}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{sendButton(row)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
