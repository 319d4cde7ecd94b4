import { APPROVAL_MAX_LEVELS, levelsFor, makeApprovalLevelSchema } from '@amp/contracts/approval';
import { koboToNaira } from '@amp/contracts/money';
import { makeWoConfigurationSchema, WO_MAX_RECALL_DAYS, WO_MAX_REMINDER_HOURS, type WoConfiguration } from '@amp/contracts/work-order';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconDeviceFloppy,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconStairsUp,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CodePrefixField } from '../../components/data/code-prefix-field';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { controlledInputProps } from '../../components/data/controlled-input-props';
import { formatDateTime, formatNaira } from '../../components/data/format';
import { ListEmpty } from '../../components/data/list-feedback';
import { QueryContent } from '../../components/data/query-content';
import { applyServerErrors, notifyError, notifySuccess } from '../../components/data/server-errors';
import { useBodyResolver } from '../../components/data/use-body-resolver';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { useSavedValuesForm } from '../../components/data/use-saved-values-form';
import { FormSection } from '../../components/forms/form-section';
import { type TFunction, translateMessage, useTranslation } from '../../lib/i18n';
import {
  type ApprovalLevel,
  useApprovalLevels,
  useApproverOptions,
  useDeleteApprovalLevel,
  useSaveApprovalLevel,
  useSaveWoConfiguration,
  useWoConfiguration,
} from './work-order-admin-api';

/**
 * /work-order/configuration: the owner's approval levels (SPEC.md 3 "Approval level", 6 "Approvers
 * are assigned per approval level", 9 "Approvals are sequential by cost") and its work order
 * configuration (code prefix, approval reminders and escalation, recall window).
 */
export default function WorkOrderConfigurationPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <Text size="sm" c="dimmed">
        {t('woAdmin.configuration.intro')}
      </Text>
      <ApprovalLevelsSection />
      <ConfigurationSection />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Approval levels

const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** A round amount between two maximums (kobo) for the example: 2.5 times the first when it fits, else half-way, to two significant digits. */
function exampleBetween(lowKobo: number, highKobo: number): number {
  const candidate = lowKobo * 2.5 < highKobo ? lowKobo * 2.5 : (lowKobo + highKobo) / 2;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(candidate)) - 1);
  const rounded = Math.round(candidate / magnitude) * magnitude;
  return rounded > lowKobo && rounded <= highKobo ? rounded : Math.floor(candidate);
}

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/** The chain of level names a total climbs, in the reader's language ("Head O&M, then GM"). */
function chainOf(levels: readonly ApprovalLevel[], t: TFunction): string {
  return levels.map((level) => level.name).join(t('woAdmin.levels.then'));
}

function ApprovalLevelsSection() {
  const { t } = useTranslation();
  const levels = useApprovalLevels();
  const compact = useCompactLayout();
  const [editing, setEditing] = useState<{ level: ApprovalLevel | null } | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [deleting, setDeleting] = useState<ApprovalLevel | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const rows = levels.data ?? [];
  const full = rows.length >= APPROVAL_MAX_LEVELS;

  const openForm = (level: ApprovalLevel | null) => {
    setEditing({ level });
    setFormOpened(true);
  };
  const askDelete = (level: ApprovalLevel) => {
    setDeleting(level);
    setDeleteOpened(true);
  };

  const actions = (level: ApprovalLevel) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('woAdmin.levels.edit', { name: level.name })}>
        <ActionIcon variant="subtle" aria-label={t('woAdmin.levels.edit', { name: level.name })} onClick={() => openForm(level)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('woAdmin.levels.delete', { name: level.name })}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('woAdmin.levels.delete', { name: level.name })}
          onClick={() => askDelete(level)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 20rem' }}>
            <Title order={2} size="h4">
              {t('woAdmin.levels.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('woAdmin.levels.approversHelp')}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)} disabled={levels.isPending || full}>
            {t('woAdmin.levels.add')}
          </Button>
        </Group>

        <QueryContent query={levels} placeholderHeight={220}>
          {() => (
            <>
              <SequenceHelp levels={rows} />
              {rows.length === 0 ? (
                <Paper withBorder radius="md">
                  <ListEmpty
                    icon={<IconStairsUp size={32} stroke={1.5} />}
                    title={t('woAdmin.levels.empty')}
                    description={t('woAdmin.levels.emptyHint')}
                  />
                </Paper>
              ) : compact ? (
                <Stack gap="sm">
                  {rows.map((level, index) => (
                    <Paper key={level._id} withBorder radius="md" p="sm">
                      <Stack gap={6}>
                        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                            <OrderBadge order={level.order} />
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {level.name}
                            </Text>
                          </Group>
                          {actions(level)}
                        </Group>
                        <Text size="sm">
                          {t('woAdmin.levels.upTo')}{' '}
                          <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {formatNaira(level.maxAmount)}
                          </Text>
                        </Text>
                        <Text size="xs" c="dimmed">
                          <AskedFor levels={rows} index={index} />
                        </Text>
                        <ApproverNames level={level} />
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th style={SHRINK}>{t('woAdmin.levels.column.order')}</Table.Th>
                        <Table.Th>{t('woAdmin.levels.column.name')}</Table.Th>
                        <Table.Th style={NUMERIC}>{t('woAdmin.levels.column.maxAmount')}</Table.Th>
                        <Table.Th>{t('woAdmin.levels.column.askedFor')}</Table.Th>
                        <Table.Th>{t('woAdmin.levels.column.approvers')}</Table.Th>
                        <Table.Th style={SHRINK}>
                          <VisuallyHidden>{t('woAdmin.levels.column.actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((level, index) => (
                        <Table.Tr key={level._id}>
                          <Table.Td style={SHRINK}>
                            <OrderBadge order={level.order} />
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {level.name}
                            </Text>
                          </Table.Td>
                          <Table.Td style={NUMERIC}>
                            <Text size="sm" fw={500}>
                              {formatNaira(level.maxAmount)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" c="dimmed">
                              <AskedFor levels={rows} index={index} />
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <ApproverNames level={level} />
                          </Table.Td>
                          <Table.Td style={SHRINK}>{actions(level)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </>
          )}
        </QueryContent>
      </Stack>

      <LevelFormModal
        opened={formOpened}
        level={editing?.level ?? null}
        levels={rows}
        onClose={() => setFormOpened(false)}
        key={editing ? (editing.level?._id ?? 'new') : 'none'}
      />
      <DeleteLevelModal level={deleting} opened={deleteOpened} onClose={() => setDeleteOpened(false)} />
    </Paper>
  );
}

function OrderBadge({ order }: { order: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" size="lg" circle aria-label={t('woAdmin.levels.orderLabel', { order })}>
      {order}
    </Badge>
  );
}

/** Which totals a level is asked for: every one for the first, those above the maximum before it for the rest. */
function AskedFor({ levels, index }: { levels: readonly ApprovalLevel[]; index: number }) {
  const { t } = useTranslation();
  const before = index > 0 ? levels[index - 1] : undefined;
  return <>{before ? t('woAdmin.levels.askedAbove', { amount: formatNaira(before.maxAmount) }) : t('woAdmin.levels.askedAll')}</>;
}

function ApproverNames({ level }: { level: ApprovalLevel }) {
  const { t } = useTranslation();
  if (level.approvers.length === 0) {
    return (
      <Text size="sm" c="red.8">
        {t('woAdmin.levels.noApprovers')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconUsers size={16} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-dimmed)' }} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {level.approvers.map((approver) => approver.name).join(', ')}
      </Text>
    </Group>
  );
}

/** How the levels work, with an example drawn from the levels the table shows. */
function SequenceHelp({ levels }: { levels: readonly ApprovalLevel[] }) {
  const { t } = useTranslation();
  const examples: string[] = [];
  const first = levels[0];
  const second = levels[1];
  const last = levels.at(-1);
  if (first && second) {
    const total = exampleBetween(first.maxAmountKobo, second.maxAmountKobo);
    const chain = levelsFor(levels, total) ?? [];
    examples.push(t('woAdmin.levels.example', { amount: naira(total), chain: chainOf(chain, t) }));
  } else if (first) {
    examples.push(t('woAdmin.levels.exampleOne', { amount: formatNaira(first.maxAmount), name: first.name }));
  }
  if (last) examples.push(t('woAdmin.levels.aboveHighest', { amount: formatNaira(last.maxAmount), name: last.name }));

  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('woAdmin.levels.sequentialTitle')}>
      <Stack gap={6}>
        <Text size="sm">{t('woAdmin.levels.sequential')}</Text>
        {levels.length === 0 ? <Text size="sm">{t('woAdmin.levels.noLevelsMeans')}</Text> : null}
        {examples.map((example) => (
          <Group key={example} gap={6} wrap="nowrap" align="flex-start">
            <IconArrowDown size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3, transform: 'rotate(-90deg)' }} />
            <Text size="sm" fw={500}>
              {example}
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

interface LevelValues {
  name: string;
  maxAmount: number | string;
  order: number | string;
  approvers: string[];
}

const LEVEL_FIELDS = ['name', 'maxAmount', 'order', 'approvers'];

/** The values as the API takes them: the maximum as naira text, the order as a number (none while empty). */
function levelBodyOf(values: LevelValues) {
  return {
    name: values.name.trim(),
    maxAmount: values.maxAmount === '' ? '' : String(values.maxAmount),
    order: values.order === '' ? undefined : Number(values.order),
    approvers: values.approvers,
  };
}

/** The bounds the maximum must keep at an order: above the level before it, below the one after it. */
function boundsAt(levels: readonly ApprovalLevel[], editing: ApprovalLevel | null, order: number) {
  const others = levels.filter((level) => level._id !== editing?._id);
  const before = others.filter((level) => level.order < order).at(-1);
  const after = others.find((level) => level.order > order);
  return { before, after, taken: others.find((level) => level.order === order) };
}

/** Adds or changes a level: its name, maximum (NGN), order and approvers. */
function LevelFormModal({
  opened,
  level,
  levels,
  onClose,
}: {
  opened: boolean;
  level: ApprovalLevel | null;
  levels: readonly ApprovalLevel[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveApprovalLevel();
  const options = useApproverOptions(opened);
  const nextOrder = Math.min(APPROVAL_MAX_LEVELS, Math.max(0, ...levels.map((other) => other.order)) + 1);
  const resolver = useBodyResolver(() => makeApprovalLevelSchema(translateMessage), levelBodyOf);
  const form = useForm<LevelValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: level
      ? { name: level.name, maxAmount: level.maxAmount, order: level.order, approvers: level.approvers.map((approver) => approver._id) }
      : { name: '', maxAmount: '', order: nextOrder, approvers: [] },
  });
  const { errors } = form.formState;
  const order = Number(form.watch('order'));
  const bounds = Number.isInteger(order) && order > 0 ? boundsAt(levels, level, order) : null;

  const data = useMemo(() => {
    const offered = (options.data ?? []).map((option) => ({ value: option._id, label: option.name, role: option.role }));
    // A current approver who may no longer approve still shows by name (saving then tells why).
    const kept = (level?.approvers ?? [])
      .filter((approver) => !offered.some((option) => option.value === approver._id))
      .map((approver) => ({ value: approver._id, label: approver.name, role: '' }));
    return [...offered, ...kept];
  }, [options.data, level]);
  const roles = new Map(data.map((option) => [option.value, option.role]));

  const dismiss = () => {
    if (save.isPending) return;
    onClose();
  };
  const submit = form.handleSubmit(async () => {
    const values = levelBodyOf(form.getValues());
    try {
      await save.mutateAsync({
        id: level?._id ?? null,
        body: { name: values.name, maxAmount: values.maxAmount, order: values.order ?? 0, approvers: values.approvers },
      });
      notifySuccess(t('APPROVAL.LEVEL_SAVED'));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, LEVEL_FIELDS);
    }
  });

  let maxHint = t('woAdmin.levelForm.maxHint');
  if (bounds?.before && bounds.after) {
    maxHint = t('woAdmin.levelForm.maxBetween', {
      min: formatNaira(bounds.before.maxAmount),
      before: bounds.before.name,
      max: formatNaira(bounds.after.maxAmount),
      after: bounds.after.name,
    });
  } else if (bounds?.before) {
    maxHint = t('woAdmin.levelForm.maxAbove', { min: formatNaira(bounds.before.maxAmount), before: bounds.before.name });
  } else if (bounds?.after) {
    maxHint = t('woAdmin.levelForm.maxBelow', { max: formatNaira(bounds.after.maxAmount), after: bounds.after.name });
  }

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={level ? t('woAdmin.levelForm.editTitle', { name: level.name }) : t('woAdmin.levelForm.addTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('woAdmin.field.name')}
            description={t('woAdmin.levelForm.nameHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('woAdmin.levelForm.namePlaceholder')}
            withAsterisk
            maxLength={100}
            data-autofocus
            {...form.register('name')}
            error={errors.name?.message}
          />
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, xs: 8 }}>
              <Controller
                control={form.control}
                name="maxAmount"
                render={(controlled) => (
                  <NumberInput
                    label={t('woAdmin.field.maxAmount')}
                    description={maxHint}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    withAsterisk
                    leftSection="₦"
                    thousandSeparator=","
                    decimalScale={2}
                    allowNegative={false}
                    hideControls
                    inputMode="decimal"
                    placeholder="100,000"
                    {...controlledInputProps(controlled)}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <Controller
                control={form.control}
                name="order"
                render={(controlled) => (
                  <NumberInput
                    label={t('woAdmin.field.order')}
                    withAsterisk
                    min={1}
                    max={APPROVAL_MAX_LEVELS}
                    allowDecimal={false}
                    allowNegative={false}
                    inputMode="numeric"
                    {...controlledInputProps(controlled)}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
          {bounds?.taken ? (
            <Text size="xs" c="orange.9" mt={-8}>
              {t('woAdmin.levelForm.orderTaken', { order, name: bounds.taken.name })}
            </Text>
          ) : null}
          <Controller
            control={form.control}
            name="approvers"
            render={(controlled) => (
              <MultiSelect
                label={t('woAdmin.field.approvers')}
                description={t('woAdmin.levelForm.approversHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                searchable
                clearable
                hidePickedOptions
                placeholder={options.isPending ? t('common.loading') : t('woAdmin.levelForm.approversPlaceholder')}
                nothingFoundMessage={options.isError ? t('data.loadFailed') : t('woAdmin.levelForm.noApprovers')}
                data={data}
                {...controlledInputProps(controlled)}
                comboboxProps={{ withinPortal: true }}
                renderOption={({ option }) => (
                  <Stack gap={0}>
                    <Text size="sm">{option.label}</Text>
                    {roles.get(option.value) ? (
                      <Text size="xs" c="dimmed">
                        {roles.get(option.value)}
                      </Text>
                    ) : null}
                  </Stack>
                )}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} disabled={save.isPending}>
              {t('data.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {level ? t('woAdmin.levelForm.save') : t('woAdmin.levelForm.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteLevelModal({ level, opened, onClose }: { level: ApprovalLevel | null; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteApprovalLevel();
  const confirm = () => {
    if (!level) return;
    remove.mutate(level._id, {
      onSuccess: () => {
        notifySuccess(t('APPROVAL.LEVEL_DELETED'));
        onClose();
      },
      onError: (failure) => {
        notifyError(failure);
        onClose();
      },
    });
  };
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      loading={remove.isPending}
      title={level ? t('woAdmin.deleteLevel.title', { name: level.name }) : ''}
      message={level ? t('woAdmin.deleteLevel.message', { name: level.name, amount: formatNaira(level.maxAmount) }) : null}
      confirmLabel={t('woAdmin.deleteLevel.confirm')}
      confirmColor="red"
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Work order configuration

interface ConfigurationValues {
  codePrefix: string;
  reminderHours: number | string;
  escalationHours: number | string;
  recallDays: number | string;
}

const CONFIGURATION_FIELDS = ['codePrefix', 'reminderHours', 'escalationHours', 'recallDays'];

/** An empty number is no number: the schema says so, rather than taking its default. */
const numberOf = (value: number | string) => (value === '' ? '' : Number(value));

function configurationBodyOf(values: ConfigurationValues) {
  return {
    type: 'wo' as const,
    codePrefix: values.codePrefix.trim().toUpperCase(),
    reminderHours: numberOf(values.reminderHours),
    escalationHours: numberOf(values.escalationHours),
    recallDays: numberOf(values.recallDays),
  };
}

function configurationValuesOf(configuration: WoConfiguration): ConfigurationValues {
  return {
    codePrefix: configuration.codePrefix,
    reminderHours: configuration.reminderHours,
    escalationHours: configuration.escalationHours,
    recallDays: configuration.recallDays,
  };
}

function ConfigurationSection() {
  const { t } = useTranslation();
  const configuration = useWoConfiguration();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('woAdmin.settings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('woAdmin.settings.intro')}
          </Text>
        </Stack>
        <QueryContent query={configuration} placeholderHeight={360}>
          {(loaded) => <ConfigurationForm configuration={loaded} />}
        </QueryContent>
      </Stack>
    </Paper>
  );
}

function ConfigurationForm({ configuration }: { configuration: WoConfiguration }) {
  const { t } = useTranslation();
  const save = useSaveWoConfiguration();
  const form = useSavedValuesForm({
    values: configurationValuesOf(configuration),
    makeSchema: () => makeWoConfigurationSchema(translateMessage),
    bodyOf: configurationBodyOf,
  });
  const { errors, isDirty } = form.formState;
  const [prefix, recallDays] = form.watch(['codePrefix', 'recallDays']);
  const saved = configuration._id !== null;

  const submit = form.handleSubmit(async () => {
    const body = configurationBodyOf(form.getValues());
    try {
      await save.mutateAsync({
        id: configuration._id,
        body: {
          codePrefix: body.codePrefix,
          reminderHours: Number(body.reminderHours),
          escalationHours: Number(body.escalationHours),
          recallDays: Number(body.recallDays),
        },
      });
      notifySuccess(t('SR.CONFIGURATION_SAVED'));
    } catch (error) {
      applyServerErrors(error, form.setError, CONFIGURATION_FIELDS);
    }
  });

  const numberField = (name: 'reminderHours' | 'escalationHours' | 'recallDays', min: number, max: number, unit: string) => (
    <Controller
      control={form.control}
      name={name}
      render={(controlled) => (
        <NumberInput
          label={t(`woAdmin.field.${name}`)}
          description={t(`woAdmin.settings.${name}Hint`)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {unit}
            </Text>
          }
          rightSectionWidth={72}
          {...controlledInputProps(controlled)}
          onChange={(value) => {
            controlled.field.onChange(value);
            // The escalation is checked against the reminder: a change to one re-checks the other.
            if (form.formState.isSubmitted && name !== 'recallDays') void form.trigger(['reminderHours', 'escalationHours']);
          }}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        {saved ? null : (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('woAdmin.settings.defaults')}
          </Alert>
        )}

        <FormSection order={3} title={t('woAdmin.settings.codesSection')}>
          <CodePrefixField
            label={t('woAdmin.field.codePrefix')}
            description={t('woAdmin.settings.codePrefixHint')}
            exampleLabel={t('woAdmin.settings.codeExample')}
            prefix={prefix}
            savedPrefix={configuration.codePrefix}
            defaultPrefix="WO"
            registration={form.register('codePrefix')}
            error={errors.codePrefix?.message}
          />
        </FormSection>

        <FormSection order={3} title={t('woAdmin.settings.approvalSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" style={{ alignItems: 'start' }}>
            {numberField('reminderHours', 1, WO_MAX_REMINDER_HOURS, t('woAdmin.settings.hoursUnit'))}
            {numberField('escalationHours', 1, WO_MAX_REMINDER_HOURS, t('woAdmin.settings.hoursUnit'))}
          </SimpleGrid>
        </FormSection>

        <FormSection order={3} title={t('woAdmin.settings.recallSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            {numberField('recallDays', 0, WO_MAX_RECALL_DAYS, t('woAdmin.settings.daysUnit'))}
          </SimpleGrid>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="gray" size="sm" radius="xl" aria-hidden>
              <IconInfoCircle size={14} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {Number(recallDays) === 0 && recallDays !== ''
                ? t('woAdmin.settings.recallNever')
                : t('woAdmin.settings.recallExample', { count: Number(recallDays) || 0 })}
            </Text>
          </Group>
        </FormSection>

        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="xs" c="dimmed">
            {saved && configuration.updatedAt
              ? t('woAdmin.settings.savedAt', { date: formatDateTime(configuration.updatedAt) })
              : t('woAdmin.settings.notSaved')}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => form.reset(configurationValuesOf(configuration))}
              disabled={!isDirty || save.isPending}
            >
              {t('woAdmin.settings.undo')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={saved && !isDirty} leftSection={<IconDeviceFloppy size={18} />}>
              {t('woAdmin.settings.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
