import { USER_STATUSES } from '@amp/contracts/user';
import { ActionIcon, Anchor, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconUserCheck, IconUserOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data/filter-select';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { UserStatusBadge } from './user-status-badge';
import { type StatusChange, UserStatusConfirm } from './user-status-confirm';
import { type UserSummary, useAssignableRoles, useUsers } from './users-api';

/** /user/view: the organisation's users, searchable, filterable, sortable and paged, all in the URL. */
export default function ViewUsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me, can } = useAuth();
  const list = useUrlListState({ filters: ['status', 'roleId'] as const, sort: 'createdAt', order: 'desc' });
  const users = useUsers(list.query);
  const roles = useAssignableRoles();
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const open = (user: UserSummary) => navigate(`/user/view/${user._id}`);
  const actions = (user: UserSummary) => <UserRowActions user={user} self={user._id === me?._id} onStatusChange={setStatusChange} />;
  const nameLink = (user: UserSummary) => (
    // The link makes each row reachable by keyboard; the row click is a larger target for the mouse.
    <Anchor component={Link} to={`/user/view/${user._id}`} fw={500} onClick={(event) => event.stopPropagation()}>
      {user.firstName} {user.lastName}
    </Anchor>
  );

  return (
    <ListPage
      list={list}
      query={users}
      searchPlaceholder={t('users.list.searchPlaceholder')}
      filters={
        <>
          <FilterSelect
            list={list}
            filter="status"
            label={t('users.list.statusFilter')}
            placeholder={t('users.list.allStatuses')}
            searchable={false}
            width={160}
            data={USER_STATUSES.map((status) => ({ value: status, label: t(`users.status.${status}`) }))}
          />
          <FilterSelect
            list={list}
            filter="roleId"
            label={t('users.list.roleFilter')}
            placeholder={t('users.list.allRoles')}
            data={(roles.data ?? []).map((role) => ({ value: role._id, label: role.name }))}
          />
          <SortSelect
            list={list}
            columns={[
              { column: 'name', label: t('users.column.name') },
              { column: 'email', label: t('users.column.email') },
              { column: 'status', label: t('users.column.status') },
              { column: 'createdAt', label: t('users.column.created') },
            ]}
          />
        </>
      }
      actions={
        can('createUser') ? (
          <Button component={Link} to="/user/add" leftSection={<IconUserPlus size={18} />}>
            {t('users.list.add')}
          </Button>
        ) : null
      }
      empty={{
        icon: <IconUsers size={32} stroke={1.5} />,
        title: t('users.list.empty'),
        hint: t('users.list.emptyHint'),
        noMatchTitle: t('users.list.noMatch'),
        noMatchHint: t('users.list.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 110 }}
      card={(user) => (
        <ListCard title={nameLink(user)} aside={<UserStatusBadge status={user.status} />} actions={actions(user)} onOpen={() => open(user)}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {[user.role?.name, user.designation, formatDate(user.createdAt)].filter(Boolean).join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 760,
        columns: 6,
        header: (
          <>
            <SortableHeader column="name" {...sortProps}>
              {t('users.column.name')}
            </SortableHeader>
            <SortableHeader column="email" {...sortProps}>
              {t('users.column.email')}
            </SortableHeader>
            <Table.Th>{t('users.column.role')}</Table.Th>
            <SortableHeader column="status" {...sortProps}>
              {t('users.column.status')}
            </SortableHeader>
            <SortableHeader column="createdAt" {...sortProps}>
              {t('users.column.created')}
            </SortableHeader>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (user) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(user)}>
            <Table.Td>
              {nameLink(user)}
              {user.designation ? (
                <Text size="xs" c="dimmed">
                  {user.designation}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.role?.name ?? '–'}</Table.Td>
            <Table.Td>
              <UserStatusBadge status={user.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>{actions(user)}</Table.Td>
          </Table.Tr>
        ),
      }}
    >
      <UserStatusConfirm change={statusChange} onClose={() => setStatusChange(null)} />
    </ListPage>
  );
}

interface UserRowActionsProps {
  user: UserSummary;
  /** One cannot deactivate oneself (the API answers 400), so the action is not offered. */
  self: boolean;
  onStatusChange(change: StatusChange): void;
}

function UserRowActions({ user, self, onStatusChange }: UserRowActionsProps) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('users.action.edit')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          component={Link}
          to={`/user/view/${user._id}`}
          state={{ edit: true }}
          aria-label={t('users.action.editNamed', { name })}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {self ? null : user.status === 'inactive' ? (
        <Tooltip label={t('users.reactivate')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="teal"
            aria-label={t('users.action.reactivateNamed', { name })}
            onClick={() => onStatusChange({ user, action: 'reactivate' })}
          >
            <IconUserCheck size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Tooltip label={t('users.deactivate')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="red"
            aria-label={t('users.action.deactivateNamed', { name })}
            onClick={() => onStatusChange({ user, action: 'deactivate' })}
          >
            <IconUserOff size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
