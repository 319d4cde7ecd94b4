import { Avatar, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { translateApiText } from '../../components/api-error';
import { formatDate } from '../../components/data/format';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { type TechnicianOnTarget, useAssignTechnician, useTechnicians } from './assignments-api';

interface TechniciansPanelProps {
  kind: 'asset' | 'cluster';
  id: string;
  technicians: TechnicianOnTarget[];
}

/** Who of the provider's technicians works on an asset or a cluster, and (for dispatchers) giving it to one more. */
export function TechniciansPanel({ kind, id, technicians }: TechniciansPanelProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const dispatcher = can('viewOrganizationAssignedAsset');

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('assignments.technicians.title')}
        </Title>
        {technicians.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`assignments.technicians.none.${kind}`)}
          </Text>
        ) : (
          <Stack gap="sm">
            {technicians.map((entry) => {
              const name = `${entry.technician.firstName} ${entry.technician.lastName}`;
              return (
                <Group key={entry._id} gap="sm" wrap="nowrap" align="flex-start">
                  <Avatar size="md" radius="xl" color="teal" name={name} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    <Group gap={6}>
                      {entry.via !== kind ? (
                        <Badge size="xs" variant="light" color="grape">
                          {t('assignments.technicians.viaCluster')}
                        </Badge>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {t('assignments.since', { date: formatDate(entry.assignedAt) })}
                      </Text>
                    </Group>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
        {dispatcher ? <AssignTechnicianForm kind={kind} id={id} technicians={technicians} /> : null}
      </Stack>
    </Paper>
  );
}

function AssignTechnicianForm({ kind, id, technicians }: TechniciansPanelProps) {
  const { t } = useTranslation();
  const staff = useTechnicians(true);
  const assign = useAssignTechnician(kind, id);
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // Those already on this very target cannot be given it twice (the API answers 409).
  const options = useMemo(() => {
    const taken = new Set(technicians.filter((entry) => entry.via === kind).map((entry) => entry.technician._id));
    return (staff.data?.data ?? [])
      .filter((user) => user.technician && !taken.has(user._id))
      .map((user) => ({ value: user._id, label: `${user.firstName} ${user.lastName}` }));
  }, [staff.data, technicians, kind]);

  const submit = () => {
    if (!technicianId) {
      setError(t('assignments.technicians.choose'));
      return;
    }
    const name = options.find((option) => option.value === technicianId)?.label ?? '';
    assign.mutate(technicianId, {
      onSuccess: () => {
        notifySuccess(t('assignments.technicians.assigned', { name }));
        setTechnicianId(null);
        setError(undefined);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.errors.length > 0) setError(translateApiText(failure.errors[0]!.message));
        else notifyError(failure);
      },
    });
  };

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t('assignments.technicians.assignLabel')}
          placeholder={
            staff.isPending
              ? t('assignments.picker.loading')
              : options.length === 0
                ? t('assignments.technicians.noneLeft')
                : t('assignments.technicians.placeholder')
          }
          searchable
          clearable
          disabled={!staff.isPending && options.length === 0}
          nothingFoundMessage={t('assignments.picker.nothingFound')}
          data={options}
          value={technicianId}
          onChange={(value) => {
            setTechnicianId(value);
            setError(undefined);
          }}
          error={error}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconUserPlus size={18} />}
          loading={assign.isPending}
          disabled={options.length === 0}
          onClick={submit}
        >
          {t('assignments.technicians.assign')}
        </Button>
      </Group>
      {staff.isError ? (
        <Text size="xs" c="red">
          {t('assignments.technicians.loadFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
