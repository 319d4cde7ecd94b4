import { APPROVAL_MAX_LEVELS, levelsFor, makeApprovalLevelSchema } from '@amp/contracts/approval';
import { koboToNaira } from '@amp/contracts/money';
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
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
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
import { type TFunction, translateMessage, useTranslation } from '../../lib/i18n';
import { ConfirmModal } from '../data/confirm-modal';
import { controlledInputProps } from '../data/controlled-input-props';
import { formatNaira } from '../data/format';
import { ListEmpty } from '../data/list-feedback';
import { QueryContent } from '../data/query-content';
import { applyServerErrors, notifyError, notifySuccess } from '../data/server-errors';
import { useBodyResolver } from '../data/use-body-resolver';
import { useCompactLayout } from '../data/use-compact-layout';
import {
  type ApprovalLevel,
  type ApprovalLevelsSource,
  useApprovalLevels,
  useApprovalSettings,
  useApproverOptions,
  useDeleteApprovalLevel,
  useSaveApprovalLevel,
  useSaveApprovalSettings,
} from './approval-levels-api';

/**
 * An organisation's approval levels of one document type (docs/product.md#approval-levels: "Approvers
 * are assigned per approval level", 9 "Approvals are sequential by cost"): the table of levels with
 * how a total climbs them, and the dialogs that add, change and delete one. The work order and the
 * purchase order configuration pages show it, each in its own words.
 */

/** Where a document type keeps the words of its levels (`levels.*`, `levelForm.*`, `deleteLevel.*`, `field.*`). */
export type ApprovalLevelTexts = 'woAdmin' | 'purchaseOrders';

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
function chainOf(levels: readonly ApprovalLevel[], t: TFunction, texts: ApprovalLevelTexts): string {
  return levels.map((level) => level.name).join(t(`${texts}.levels.then`));
}

export function ApprovalLevelsSection({ source, texts }: { source: ApprovalLevelsSource; texts: ApprovalLevelTexts }) {
  const { t } = useTranslation();
  const levels = useApprovalLevels(source);
  const settings = useApprovalSettings(source);
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
      <Tooltip label={t(`${texts}.levels.edit`, { name: level.name })}>
        <ActionIcon variant="subtle" aria-label={t(`${texts}.levels.edit`, { name: level.name })} onClick={() => openForm(level)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t(`${texts}.levels.delete`, { name: level.name })}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t(`${texts}.levels.delete`, { name: level.name })}
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
              {t(`${texts}.levels.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`${texts}.levels.approversHelp`)}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)} disabled={levels.isPending || full}>
            {t(`${texts}.levels.add`)}
          </Button>
        </Group>

        <QueryContent query={levels} placeholderHeight={220}>
          {() => (
            <>
              <SequenceHelp levels={rows} texts={texts} />
              <SecondPersonSetting source={source} texts={texts} />
              {rows.length === 0 ? (
                <Paper withBorder radius="md">
                  <ListEmpty
                    icon={<IconStairsUp size={32} stroke={1.5} />}
                    title={t(`${texts}.levels.empty`)}
                    description={t(`${texts}.levels.emptyHint`)}
                  />
                </Paper>
              ) : compact ? (
                <Stack gap="sm">
                  {rows.map((level, index) => (
                    <Paper key={level._id} withBorder radius="md" p="sm">
                      <Stack gap={6}>
                        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                            <OrderBadge order={level.order} texts={texts} />
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {level.name}
                            </Text>
                          </Group>
                          {actions(level)}
                        </Group>
                        <Text size="sm">
                          {t(`${texts}.levels.upTo`)}{' '}
                          <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {formatNaira(level.maxAmount)}
                          </Text>
                        </Text>
                        <Text size="xs" c="dimmed">
                          <AskedFor levels={rows} index={index} texts={texts} />
                        </Text>
                        <ApproverNames level={level} texts={texts} secondPerson={settings.data?.requireSecondPerson ?? false} />
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th style={SHRINK}>{t(`${texts}.levels.column.order`)}</Table.Th>
                        <Table.Th>{t(`${texts}.levels.column.name`)}</Table.Th>
                        <Table.Th style={NUMERIC}>{t(`${texts}.levels.column.maxAmount`)}</Table.Th>
                        <Table.Th>{t(`${texts}.levels.column.askedFor`)}</Table.Th>
                        <Table.Th>{t(`${texts}.levels.column.approvers`)}</Table.Th>
                        <Table.Th style={SHRINK}>
                          <VisuallyHidden>{t(`${texts}.levels.column.actions`)}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((level, index) => (
                        <Table.Tr key={level._id}>
                          <Table.Td style={SHRINK}>
                            <OrderBadge order={level.order} texts={texts} />
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
                              <AskedFor levels={rows} index={index} texts={texts} />
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <ApproverNames level={level} texts={texts} secondPerson={settings.data?.requireSecondPerson ?? false} />
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
        source={source}
        texts={texts}
        onClose={() => setFormOpened(false)}
        key={editing ? (editing.level?._id ?? 'new') : 'none'}
      />
      <DeleteLevelModal level={deleting} source={source} texts={texts} opened={deleteOpened} onClose={() => setDeleteOpened(false)} />
    </Paper>
  );
}

function OrderBadge({ order, texts }: { order: number; texts: ApprovalLevelTexts }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" size="lg" circle aria-label={t(`${texts}.levels.orderLabel`, { order })}>
      {order}
    </Badge>
  );
}

/** Which totals a level is asked for: every one for the first, those above the maximum before it for the rest. */
function AskedFor({ levels, index, texts }: { levels: readonly ApprovalLevel[]; index: number; texts: ApprovalLevelTexts }) {
  const { t } = useTranslation();
  const before = index > 0 ? levels[index - 1] : undefined;
  return <>{before ? t(`${texts}.levels.askedAbove`, { amount: formatNaira(before.maxAmount) }) : t(`${texts}.levels.askedAll`)}</>;
}

/**
 * A level's approvers. A lone approver is said to be one: what they create or change they approve
 * alone (recorded as such), or, when the organisation requires a second person, never.
 */
function ApproverNames({ level, texts, secondPerson }: { level: ApprovalLevel; texts: ApprovalLevelTexts; secondPerson: boolean }) {
  const { t } = useTranslation();
  if (level.approvers.length === 0) {
    return (
      <Text size="sm" c="red.8">
        {t(`${texts}.levels.noApprovers`)}
      </Text>
    );
  }
  const alone = level.approvers.length === 1 ? level.approvers[0]!.name : null;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconUsers size={16} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-dimmed)' }} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {level.approvers.map((approver) => approver.name).join(', ')}
        </Text>
      </Group>
      {alone ? (
        <Text size="xs" c={secondPerson ? 'orange.9' : 'dimmed'} data-testid="lone-approver">
          {t(secondPerson ? `${texts}.levels.secondPerson.blocked` : `${texts}.levels.secondPerson.alone`, { name: alone })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Whether a second person must always approve: whoever created or last changed a document never approves it. */
function SecondPersonSetting({ source, texts }: { source: ApprovalLevelsSource; texts: ApprovalLevelTexts }) {
  const { t } = useTranslation();
  const settings = useApprovalSettings(source);
  const save = useSaveApprovalSettings(source);
  const checked = settings.data?.requireSecondPerson ?? false;
  return (
    <Switch
      checked={checked}
      disabled={settings.isPending || save.isPending}
      label={t(`${texts}.levels.secondPerson.label`)}
      description={t(`${texts}.levels.secondPerson.description`)}
      onChange={(event) =>
        save.mutate(event.currentTarget.checked, {
          onSuccess: () => notifySuccess(translateMessage('APPROVAL.SETTINGS_SAVED')),
          onError: (error) => notifyError(error),
        })
      }
    />
  );
}

/** How the levels work, with an example drawn from the levels the table shows. */
function SequenceHelp({ levels, texts }: { levels: readonly ApprovalLevel[]; texts: ApprovalLevelTexts }) {
  const { t } = useTranslation();
  const examples: string[] = [];
  const first = levels[0];
  const second = levels[1];
  const last = levels.at(-1);
  if (first && second) {
    const total = exampleBetween(first.maxAmountKobo, second.maxAmountKobo);
    const chain = levelsFor(levels, total) ?? [];
    examples.push(t(`${texts}.levels.example`, { amount: naira(total), chain: chainOf(chain, t, texts) }));
  } else if (first) {
    examples.push(t(`${texts}.levels.exampleOne`, { amount: formatNaira(first.maxAmount), name: first.name }));
  }
  if (last) examples.push(t(`${texts}.levels.aboveHighest`, { amount: formatNaira(last.maxAmount), name: last.name }));

  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t(`${texts}.levels.sequentialTitle`)}>
      <Stack gap={6}>
        <Text size="sm">{t(`${texts}.levels.sequential`)}</Text>
        {levels.length === 0 ? <Text size="sm">{t(`${texts}.levels.noLevelsMeans`)}</Text> : null}
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
  source,
  texts,
  onClose,
}: {
  opened: boolean;
  level: ApprovalLevel | null;
  levels: readonly ApprovalLevel[];
  source: ApprovalLevelsSource;
  texts: ApprovalLevelTexts;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const save = useSaveApprovalLevel(source);
  const options = useApproverOptions(source, opened);
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

  let maxHint = t(`${texts}.levelForm.maxHint`);
  if (bounds?.before && bounds.after) {
    maxHint = t(`${texts}.levelForm.maxBetween`, {
      min: formatNaira(bounds.before.maxAmount),
      before: bounds.before.name,
      max: formatNaira(bounds.after.maxAmount),
      after: bounds.after.name,
    });
  } else if (bounds?.before) {
    maxHint = t(`${texts}.levelForm.maxAbove`, { min: formatNaira(bounds.before.maxAmount), before: bounds.before.name });
  } else if (bounds?.after) {
    maxHint = t(`${texts}.levelForm.maxBelow`, { max: formatNaira(bounds.after.maxAmount), after: bounds.after.name });
  }

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={level ? t(`${texts}.levelForm.editTitle`, { name: level.name }) : t(`${texts}.levelForm.addTitle`)}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t(`${texts}.field.name`)}
            description={t(`${texts}.levelForm.nameHint`)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t(`${texts}.levelForm.namePlaceholder`)}
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
                    label={t(`${texts}.field.maxAmount`)}
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
                    label={t(`${texts}.field.order`)}
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
              {t(`${texts}.levelForm.orderTaken`, { order, name: bounds.taken.name })}
            </Text>
          ) : null}
          <Controller
            control={form.control}
            name="approvers"
            render={(controlled) => (
              <MultiSelect
                label={t(`${texts}.field.approvers`)}
                description={t(`${texts}.levelForm.approversHint`)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                searchable
                clearable
                hidePickedOptions
                placeholder={options.isPending ? t('common.loading') : t(`${texts}.levelForm.approversPlaceholder`)}
                nothingFoundMessage={options.isError ? t('data.loadFailed') : t(`${texts}.levelForm.noApprovers`)}
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
              {level ? t(`${texts}.levelForm.save`) : t(`${texts}.levelForm.add`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteLevelModal({
  level,
  source,
  texts,
  opened,
  onClose,
}: {
  level: ApprovalLevel | null;
  source: ApprovalLevelsSource;
  texts: ApprovalLevelTexts;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteApprovalLevel(source);
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
      title={level ? t(`${texts}.deleteLevel.title`, { name: level.name }) : ''}
      message={level ? t(`${texts}.deleteLevel.message`, { name: level.name, amount: formatNaira(level.maxAmount) }) : null}
      confirmLabel={t(`${texts}.deleteLevel.confirm`)}
      confirmColor="red"
    />
  );
}
