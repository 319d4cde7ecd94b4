import { Anchor, Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { IconShieldLock, IconShieldPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../components/data/format';
import { ListEmpty, ListError, TableSkeleton } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { PaginationFooter } from '../../components/data/pagination-footer';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useRoles } from './roles-api';

/** /user/role: the organisation's custom roles, with a way to create one. */
export default function RolesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useUrlListState();
  const roles = useRoles(list.query);
  const rows = roles.data?.data ?? [];
  const meta = roles.data?.meta;

  const createButton = (
    <Button component={Link} to="/user/roles/create" leftSection={<IconShieldPlus size={18} />}>
      {t('roles.list.create')}
    </Button>
  );

  return (
    <Stack gap="md">
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('roles.list.searchPlaceholder')}
        actions={createButton}
      />
      {roles.isError ? (
        <ListError error={roles.error} onRetry={() => roles.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560} type="native">
            <Table highlightOnHover verticalSpacing="sm" style={{ opacity: roles.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roles.column.name')}</Table.Th>
                  <Table.Th>{t('roles.column.permissions')}</Table.Th>
                  <Table.Th>{t('roles.column.users')}</Table.Th>
                  <Table.Th>{t('roles.column.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              {roles.isPending ? (
                <TableSkeleton columns={4} />
              ) : (
                <Table.Tbody>
                  {rows.map((role) => (
                    <Table.Tr key={role._id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/user/role/${role._id}`)}>
                      <Table.Td>
                        <Anchor component={Link} to={`/user/role/${role._id}`} fw={500} onClick={(event) => event.stopPropagation()}>
                          {role.name}
                        </Anchor>
                        {role.system ? (
                          <Badge ml="xs" size="xs" variant="light" color="gray">
                            {t('roles.system')}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light">{t('roles.list.permissionCount', { count: role.permission.length })}</Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t('roles.list.userCount', { count: role.userCount ?? 0 })}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(role.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              )}
            </Table>
          </Table.ScrollContainer>
          {!roles.isPending && rows.length === 0 ? (
            list.narrowed ? (
              <ListEmpty
                icon={<IconShieldLock size={32} stroke={1.5} />}
                title={t('roles.list.noMatch')}
                description={t('roles.list.noMatchHint')}
                onReset={list.resetFilters}
              />
            ) : (
              <ListEmpty
                icon={<IconShieldLock size={32} stroke={1.5} />}
                title={t('roles.list.empty')}
                description={t('roles.list.emptyHint')}
              />
            )
          ) : null}
        </Paper>
      )}
      {meta ? (
        <PaginationFooter
          page={list.page}
          pageSize={list.pageSize}
          total={meta.total}
          pageCount={meta.pageCount}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      ) : null}
    </Stack>
  );
}
