import { ACCOUNT_TYPE_LABELS } from '@amp/contracts/organisation';
import { Anchor, Badge, Button, Group, type MantineColor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconCalendar, IconCheck, IconMail, IconMapPin, IconPhone, IconUser, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../components/data/format';
import { useTranslation } from '../../lib/i18n';
import type { Registration } from './registrations-api';

const STATUS_COLORS: Record<string, MantineColor> = { pending: 'yellow', approved: 'teal', rejected: 'red' };

interface RegistrationCardProps {
  registration: Registration;
  stateNames: Map<string, string> | undefined;
  onApprove?(): void;
  onReject?(): void;
}

/** One registration request: who asks, for which organisation and type, where, and what they do. */
export function RegistrationCard({ registration, stateNames, onApprove, onReject }: RegistrationCardProps) {
  const { t } = useTranslation();
  const { user } = registration;
  const person = `${user.firstName} ${user.lastName}`;
  const title = registration.organisationName || person;
  const location = [stateName(registration.state, stateNames), registration.lga].filter(Boolean).join(' / ');
  const pending = registration.status === 'pending';
  const telephone = user.telephone || registration.telephone;

  return (
    <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="blue">
                {t(`registrations.accountType.${registration.accountType}`, {
                  defaultValue: ACCOUNT_TYPE_LABELS[registration.accountType],
                })}
              </Badge>
              <Badge variant="outline" color="gray">
                {registration.isCompany ? t('registrations.company') : t('registrations.individual')}
              </Badge>
              {pending ? null : (
                <Badge variant="light" color={STATUS_COLORS[registration.status] ?? 'gray'}>
                  {t(`registrations.status.${registration.status}`)}
                </Badge>
              )}
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <IconCalendar size={14} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {t('registrations.submitted', { date: formatDate(registration.createdAt) })}
            </Text>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          <Fact icon={<IconUser size={16} />} label={t('registrations.field.person')}>
            {person}
            {user.designation ? (
              <Text span c="dimmed" size="sm">
                {' '}
                · {user.designation}
              </Text>
            ) : null}
          </Fact>
          <Fact icon={<IconMail size={16} />} label={t('registrations.field.email')}>
            <Anchor href={`mailto:${user.email}`} size="sm">
              {user.email}
            </Anchor>
          </Fact>
          <Fact icon={<IconPhone size={16} />} label={t('registrations.field.telephone')}>
            {telephone ? (
              <Anchor href={`tel:${telephone}`} size="sm">
                {telephone}
              </Anchor>
            ) : (
              '–'
            )}
          </Fact>
          <Fact icon={<IconMapPin size={16} />} label={t('registrations.field.location')}>
            {location || '–'}
          </Fact>
          <Fact icon={<IconBriefcase size={16} />} label={t('registrations.field.address')}>
            {registration.address || '–'}
          </Fact>
        </SimpleGrid>

        <Stack gap={6}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('registrations.field.categories')}
          </Text>
          {registration.categories.length + registration.subCategories.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('registrations.noCategories')}
            </Text>
          ) : (
            <Group gap={6}>
              {registration.categories.map((category) => (
                <Badge key={category._id} variant="light" color="teal" tt="none">
                  {category.name}
                </Badge>
              ))}
              {registration.subCategories.map((sub) => (
                <Badge key={sub._id} variant="outline" color="teal" tt="none">
                  {sub.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>

        {pending && (onApprove || onReject) ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="outline" color="red" leftSection={<IconX size={16} />} onClick={onReject}>
              {t('registrations.reject')}
            </Button>
            <Button color="teal" leftSection={<IconCheck size={16} />} onClick={onApprove}>
              {t('registrations.approve')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden style={{ display: 'flex' }}>
        {icon}
      </Text>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** The API may store the state's alias (`lagos`) or send the form's object; either way show its name. */
function stateName(state: Registration['state'], names: Map<string, string> | undefined): string | null {
  if (!state) return null;
  if (typeof state === 'object') return state.state;
  return names?.get(state) ?? state;
}
