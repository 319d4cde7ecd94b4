import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { IconShieldLock, IconShieldPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { type Role, useRoles } from './roles-api';

/** /user/role: the organisation's custom roles, with a way to create one. */
export default function RolesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useUrlListState();
  const roles = useRoles(list.query);

  const open = (role: Role) => navigate(`/user/role/${role._id}`);
  const nameLink = (role: Role) => (
    <Anchor component={Link} to={`/user/role/${role._id}`} fw={500} onClick={(event) => event.stopPropagation()}>
      {role.name}
    </Anchor>
  );
  return (
    <ListPage
      list={list}
      query={roles}
      searchPlaceholder={t('roles.list.searchPlaceholder')}
      actions={
        <Button component={Link} to="/user/roles/create" leftSection={<IconShieldPlus size={18} />}>
          {t('roles.list.create')}
        </Button>
      }
      empty={{
        icon: <IconShieldLock size={32} stroke={1.5} />,
        title: t('roles.list.empty'),
        hint: t('roles.list.emptyHint'),
        noMatchTitle: t('roles.list.noMatch'),
        noMatchHint: t('roles.list.noMatchHint'),
      }}
      cardSkeleton={{ count: 3, height: 80 }}
      card={(role) => (
        <ListCard
          title={nameLink(role)}
          aside={
            <Text size="xs" c="dimmed">
              {formatDate(role.createdAt)}
            </Text>
          }
          onOpen={() => open(role)}
        >
          <Text size="sm" c="dimmed">
            {t('roles.list.permissionCount', { count: role.permission.length })} ·{' '}
            {t('roles.list.userCount', { count: role.userCount ?? 0 })}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 560,
        columns: 4,
        header: (
          <>
            <Table.Th>{t('roles.column.name')}</Table.Th>
            <Table.Th>{t('roles.column.permissions')}</Table.Th>
            <Table.Th>{t('roles.column.users')}</Table.Th>
            <Table.Th>{t('roles.column.created')}</Table.Th>
          </>
        ),
        row: (role) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(role)}>
            <Table.Td>
              {nameLink(role)}
              {role.system ? (
                <Badge ml="xs" size="xs" variant="light" color="gray">
                  {t('roles.system')}
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" tt="none">
                {t('roles.list.permissionCount', { count: role.permission.length })}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t('roles.list.userCount', { count: role.userCount ?? 0 })}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(role.createdAt)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
