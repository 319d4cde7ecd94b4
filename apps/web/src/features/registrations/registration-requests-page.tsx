import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, type AccountType } from '@amp/contracts/organisation';
import { REGISTRATION_WORKFLOW, REGISTRATION_WORKFLOW_STATUS } from '@amp/contracts/registration.workflow';
import { allowedActions } from '@amp/contracts/workflow';
import { Select, Stack, Tabs, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { CardsSkeleton, ListEmpty, ListError } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { RegistrationCard } from './registration-card';
import {
  REGISTRATION_STATUSES,
  type Registration,
  type RegistrationStatus,
  useDecideRegistration,
  useRegistrations,
  useStateNames,
} from './registrations-api';

type Decision = { registration: Registration; approve: true; accountType: AccountType } | { registration: Registration; approve: false };

/** /user/request: the super admin approves (possibly with another account type) or rejects registrations. */
export default function RegistrationRequestsPage() {
  const { t } = useTranslation();
  const list = useUrlListState({ filters: ['status'] as const, pageSize: 10 });
  const status: RegistrationStatus = (REGISTRATION_STATUSES as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as RegistrationStatus)
    : 'pending';
  const registrations = useRegistrations({ ...list.query, status });
  const stateNames = useStateNames();
  const decide = useDecideRegistration();
  const [decision, setDecision] = useState<Decision | null>(null);
  // Kept apart from the decision so the modal's text does not change while it animates closed.
  const [opened, setOpened] = useState(false);
  const open = (next: Decision) => {
    setDecision(next);
    setOpened(true);
  };

  const rows = registrations.data?.data ?? [];
  const meta = registrations.data?.meta;

  const close = () => {
    if (!decide.isPending) setOpened(false);
  };

  // The buttons come from the registration's workflow table, as the API's checks do.
  const { user } = useAuth();
  const decisionsOf = (registration: Registration) => {
    const actions = allowedActions(
      REGISTRATION_WORKFLOW,
      REGISTRATION_WORKFLOW_STATUS[registration.status],
      user?.super ? 'platform' : [],
      user?.userRole.permission ?? [],
    );
    return {
      onApprove: actions.includes('approve')
        ? () => open({ registration, approve: true, accountType: registration.accountType })
        : undefined,
      onReject: actions.includes('reject') ? () => open({ registration, approve: false }) : undefined,
    };
  };

  const confirm = () => {
    if (!decision) return;
    const { registration } = decision;
    decide.mutate(
      decision.approve
        ? { id: registration._id, approve: true, accountType: decision.accountType }
        : { id: registration._id, approve: false },
      {
        onSuccess: () => notifySuccess(t(decision.approve ? 'REGISTRATION.APPROVED' : 'REGISTRATION.REJECTED')),
        // A 409 (already decided elsewhere) carries the API's own message; notifyError shows it.
        onError: (error) => notifyError(error),
        onSettled: () => setOpened(false),
      },
    );
  };

  const name = decision
    ? decision.registration.organisationName || `${decision.registration.user.firstName} ${decision.registration.user.lastName}`
    : '';

  return (
    <Stack gap="md">
      <Tabs value={status} onChange={(value) => list.setFilter('status', value === 'pending' ? null : value)} keepMounted={false}>
        <Tabs.List>
          {REGISTRATION_STATUSES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`registrations.tab.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <ListToolbar search={list.search} onSearchChange={list.setSearch} searchPlaceholder={t('registrations.searchPlaceholder')} />

      {registrations.isError ? (
        <ListError error={registrations.error} onRetry={() => registrations.refetch()} />
      ) : registrations.isPending ? (
        <CardsSkeleton count={3} height={220} />
      ) : rows.length === 0 ? (
        <ListEmpty
          icon={<IconUserPlus size={32} stroke={1.5} />}
          title={list.search ? t('registrations.noMatch') : t(`registrations.empty.${status}`)}
          description={list.search ? t('registrations.noMatchHint') : undefined}
          onReset={list.search ? () => list.setSearch('') : undefined}
        />
      ) : (
        <Stack gap="md" style={{ opacity: registrations.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((registration) => (
            <RegistrationCard
              key={registration._id}
              registration={registration}
              stateNames={stateNames.data}
              {...decisionsOf(registration)}
            />
          ))}
        </Stack>
      )}

      <ListPaginationFooter list={list} meta={meta} fixedPageSize />

      <ConfirmModal
        opened={opened}
        onClose={close}
        onConfirm={confirm}
        loading={decide.isPending}
        confirmColor={decision?.approve === false ? 'red' : 'teal'}
        title={decision?.approve === false ? t('registrations.reject.title', { name }) : t('registrations.approve.title', { name })}
        message={
          decision?.approve === false
            ? t('registrations.reject.message', { name })
            : t('registrations.approve.message', { email: decision?.registration.user.email ?? '' })
        }
      >
        {decision?.approve ? (
          <Stack gap={4}>
            <Select
              label={t('registrations.field.accountType')}
              allowDeselect={false}
              data={ACCOUNT_TYPES.map((type) => ({
                value: type,
                label: t(`registrations.accountType.${type}`, { defaultValue: ACCOUNT_TYPE_LABELS[type] }),
              }))}
              value={decision.accountType}
              onChange={(value) => value && setDecision({ ...decision, accountType: value as AccountType })}
              comboboxProps={{ withinPortal: true, zIndex: 1000 }}
            />
            {decision.accountType !== decision.registration.accountType ? (
              <Text size="xs" c="orange.8">
                {t('registrations.approve.typeChanged', {
                  requested: t(`registrations.accountType.${decision.registration.accountType}`, {
                    defaultValue: ACCOUNT_TYPE_LABELS[decision.registration.accountType],
                  }),
                })}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {t('registrations.approve.typeKept')}
              </Text>
            )}
          </Stack>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
