import { levelsFor } from '@amp/contracts/approval';
import type { FaultDetail } from '@amp/contracts/fault';
import { koboToNaira, nairaToKobo } from '@amp/contracts/money';
import {
  OBSERVATION_MAX_LINES,
  OBSERVATION_MAX_QUANTITY,
  SR_PRIORITIES,
  SR_RECEIVER_TYPES,
  type SrPriority,
  type SrReceiverType,
} from '@amp/contracts/service-request';
import { makeWoFromFaultSchema } from '@amp/contracts/work-order';
import {
  ActionIcon,
  Alert,
  Button,
  Flex,
  Group,
  Input,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCertificate, IconInfoCircle, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { translateApiText } from '../../components/api-error';
import { CodeText } from '../../components/code-text';
import { formatNaira } from '../../components/data/format';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { FormSection } from '../../components/forms/form-section';
import { ProviderOptionLabel } from '../../components/forms/provider-fields';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type FaultWorkOrderBody, useRaiseWorkOrderFromFault, useWoApprovalLevels, woProvidersQuery } from './faults-api';

interface LineDraft {
  key: string;
  name: string;
  price: string;
  quantity: number | string;
}

type Field = 'receiverType' | 'provider' | 'title' | 'priority' | 'dueDate' | 'submit' | 'lines';
/** Messages by field; a line's by `lines.<index>.<field>`. */
type Errors = Partial<Record<string, string>>;

let nextKey = 0;
const newLine = (): LineDraft => ({ key: `wo-line-${++nextKey}`, name: '', price: '', quantity: 1 });

const PRIORITY_COLORS: Record<SrPriority, string> = { low: 'gray', medium: 'blue', high: 'orange', critical: 'red' };

/** Today in the reader's time zone, as YYYY-MM-DD (the earliest due date offered). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A line's total in kobo, or null while its price or quantity is not a number yet. */
function lineKobo(line: LineDraft): number | null {
  const unit = line.price.trim() ? nairaToKobo(line.price) : undefined;
  const quantity = Number(line.quantity);
  if (unit === undefined || !Number.isInteger(quantity) || quantity < 1) return null;
  return unit * quantity;
}

/** The default title the API gives a work order raised from a fault. */
const defaultTitle = (fault: FaultDetail) => `${fault.faultType}: ${fault.asset.name}`.slice(0, 150);

/**
 * "Raise a work order" on a fault awaiting the owner: the receiver type and provider (the holder of
 * the asset proposed first), title, priority, due date, optional free cost lines and whether it is
 * submitted for approval now. POST /v2/wo/fault/:faultId converts the fault; the new work order opens.
 */
export function RaiseWorkOrderModal({ fault, opened, onClose }: { fault: FaultDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const navigate = useNavigate();
  const { can } = useAuth();
  const raise = useRaiseWorkOrderFromFault(fault._id);
  const [receiverType, setReceiverType] = useState<SrReceiverType | ''>('');
  const [provider, setProvider] = useState('');
  const [title, setTitle] = useState(() => defaultTitle(fault));
  const [priority, setPriority] = useState<SrPriority>('medium');
  const [dueDate, setDueDate] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [submit, setSubmit] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const receiverTouched = useRef(false);
  const providerTouched = useRef(false);

  // Every receiver type is asked once the dialog opens, so the holder of the asset is proposed (type and provider).
  const probes = useQueries({
    queries: SR_RECEIVER_TYPES.map((type) => ({ ...woProvidersQuery(type, fault.asset._id), enabled: opened })),
  });
  const holderType = SR_RECEIVER_TYPES.find((_, index) => probes[index]?.data?.some((option) => option.holder));
  useEffect(() => {
    if (opened && holderType && !receiverTouched.current && receiverType === '') setReceiverType(holderType);
  }, [opened, holderType, receiverType]);
  const typeIndex = receiverType ? SR_RECEIVER_TYPES.indexOf(receiverType) : -1;
  const providers = typeIndex >= 0 ? probes[typeIndex] : undefined;
  const options = providers?.data ?? [];
  useEffect(() => {
    if (providerTouched.current || provider || options.length === 0) return;
    const holder = options.find((option) => option.holder);
    if (holder) setProvider(holder._id);
  }, [options, provider]);
  const chosen = options.find((option) => option._id === provider);

  // The levels this total needs, for those who may read them (configurers and approvers).
  const levels = useWoApprovalLevels(opened && can(['woConfiguration', 'approveWO']));
  const totalKobo = lines.reduce((sum, line) => sum + (lineKobo(line) ?? 0), 0);
  const needed = useMemo(() => (levels.data ? levelsFor(levels.data, totalKobo) : null), [levels.data, totalKobo]);

  const reset = () => {
    receiverTouched.current = false;
    providerTouched.current = false;
    setReceiverType('');
    setProvider('');
    setTitle(defaultTitle(fault));
    setPriority('medium');
    setDueDate('');
    setLines([]);
    setSubmit(true);
    setErrors({});
  };
  const dismiss = () => {
    if (raise.isPending) return;
    reset();
    onClose();
  };
  const clear = (key: string) => setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  const setLine = (index: number, change: Partial<LineDraft>) => {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
    for (const field of Object.keys(change)) clear(`lines.${index}.${field}`);
  };

  const body = (): FaultWorkOrderBody => ({
    title: title.trim() || undefined,
    priority,
    receiverType: receiverType as SrReceiverType,
    provider,
    dueDate: dueDate || null,
    lines: lines.map((line) => ({
      name: line.name.trim(),
      price: line.price.trim(),
      quantity: line.quantity === '' ? Number.NaN : Number(line.quantity),
    })),
    submit,
  });

  const send = async () => {
    const values = body();
    // The catalogue's own rules, in the reader's language, as the API would answer.
    const parsed = makeWoFromFaultSchema(translateMessage).safeParse({
      ...values,
      lines: values.lines.map((line) => ({ ...line, quantity: Number.isNaN(line.quantity) ? undefined : line.quantity })),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        if (!found[key]) found[key] = issue.message;
      }
      return setErrors(found);
    }
    // Awaited rather than given callbacks: the fault, read again once it is converted, may unmount this dialog first.
    try {
      const order = await raise.mutateAsync(values);
      notifySuccess(t(!submit ? 'WO.SAVED' : order.status === 'pending_approval' ? 'WO.SUBMITTED' : 'WO.SENT'));
      reset();
      onClose();
      navigate(`/work-order/view/${order._id}`);
    } catch (failure) {
      // A 400 stays next to its fields; a 409 (the fault was decided meanwhile) and other failures are told.
      if (failure instanceof ApiError && failure.status === 400 && failure.errors.length > 0) {
        const found: Errors = {};
        const rest: string[] = [];
        for (const fieldError of failure.errors) {
          const root = fieldError.path.split('.')[0] as Field;
          if (['receiverType', 'provider', 'title', 'priority', 'dueDate', 'submit', 'lines'].includes(root))
            found[fieldError.path] ??= translateApiText(fieldError.message);
          else rest.push(translateApiText(fieldError.message));
        }
        setErrors(found);
        if (rest.length > 0) notifyError(failure, rest);
        return;
      }
      notifyError(failure);
      reset();
      onClose();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={t('faults.raiseWorkOrder.title', { code: fault.code })}
      size="xl"
      fullScreen={compact}
      centered
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('faults.raiseWorkOrder.intro', { asset: fault.asset.name })}
          </Text>

          <FormSection order={3} title={t('faults.raiseWorkOrder.recipientSection')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'start' }}>
              <Select
                label={t('faults.raiseWorkOrder.receiverType')}
                withAsterisk
                placeholder={t('faults.raiseWorkOrder.chooseReceiverType')}
                allowDeselect={false}
                data={SR_RECEIVER_TYPES.map((type) => ({ value: type, label: t(`srForms.receiverType.${type}`, { defaultValue: type }) }))}
                value={receiverType || null}
                onChange={(value) => {
                  receiverTouched.current = true;
                  providerTouched.current = false;
                  setReceiverType((value ?? '') as SrReceiverType | '');
                  setProvider('');
                  clear('receiverType');
                }}
                error={errors.receiverType}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t('faults.raiseWorkOrder.provider')}
                withAsterisk
                searchable
                clearable
                disabled={!receiverType}
                placeholder={receiverType ? t('faults.raiseWorkOrder.chooseProvider') : t('faults.raiseWorkOrder.chooseReceiverTypeFirst')}
                nothingFoundMessage={providers?.isPending ? t('common.loading') : t('faults.raiseWorkOrder.noProvider')}
                data={options.map((option) => ({ value: option._id, label: option.name }))}
                value={provider || null}
                onChange={(value) => {
                  providerTouched.current = true;
                  setProvider(value ?? '');
                  clear('provider');
                }}
                error={errors.provider}
                comboboxProps={{ withinPortal: true }}
                renderOption={({ option }) => {
                  const item = options.find((one) => one._id === option.value);
                  return (
                    <ProviderOptionLabel
                      name={option.label}
                      holderLabel={item?.holder ? t('faults.raiseWorkOrder.holder') : null}
                      slaLabel={
                        item?.sla ? t('faults.raiseWorkOrder.slaOption', { title: item.sla.title }) : t('faults.raiseWorkOrder.noSla')
                      }
                    />
                  );
                }}
              />
            </SimpleGrid>
            {chosen ? (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconCertificate size={18} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="xs" c="dimmed">
                  {chosen.sla ? t('faults.raiseWorkOrder.slaCopied', { title: chosen.sla.title }) : t('faults.raiseWorkOrder.noSla')}
                  {chosen.holder ? ` ${t('faults.raiseWorkOrder.isHolder', { name: chosen.name })}` : ''}
                </Text>
              </Group>
            ) : null}
          </FormSection>

          <FormSection order={3} title={t('faults.raiseWorkOrder.orderSection')}>
            <TextInput
              label={t('faults.raiseWorkOrder.titleField')}
              description={t('faults.raiseWorkOrder.titleHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={150}
              value={title}
              error={errors.title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                clear('title');
              }}
            />
            <Input.Wrapper label={t('faults.raiseWorkOrder.priority')} withAsterisk error={errors.priority}>
              <SegmentedControl
                mt={4}
                fullWidth
                value={priority}
                onChange={(value) => setPriority(value as SrPriority)}
                color={PRIORITY_COLORS[priority]}
                data={SR_PRIORITIES.map((value) => ({ value, label: t(`serviceRequests.priority.${value}`, { defaultValue: value }) }))}
              />
            </Input.Wrapper>
            <TextInput
              type="date"
              label={t('faults.raiseWorkOrder.dueDate')}
              min={today()}
              maw={240}
              value={dueDate}
              error={errors.dueDate}
              onChange={(event) => {
                setDueDate(event.currentTarget.value);
                clear('dueDate');
              }}
            />
          </FormSection>

          <FormSection order={3} title={t('faults.raiseWorkOrder.linesSection')}>
            <Text size="xs" c="dimmed" mt={-6}>
              {t('faults.raiseWorkOrder.linesHint')}
            </Text>
            {errors.lines ? (
              <Text size="sm" c="red.8">
                {errors.lines}
              </Text>
            ) : null}
            <Stack gap="sm">
              {lines.map((line, index) => {
                const kobo = lineKobo(line);
                return (
                  <Paper key={line.key} withBorder radius="md" p="sm">
                    <Group gap="sm" align="flex-start" wrap={compact ? 'wrap' : 'nowrap'}>
                      <TextInput
                        label={t('faults.raiseWorkOrder.lineName')}
                        withAsterisk
                        maxLength={150}
                        value={line.name}
                        error={errors[`lines.${index}.name`]}
                        onChange={(event) => setLine(index, { name: event.currentTarget.value })}
                        style={{ flex: compact ? '1 1 100%' : '3 1 0' }}
                      />
                      <NumberInput
                        label={t('faults.raiseWorkOrder.lineQuantity')}
                        withAsterisk
                        min={1}
                        max={OBSERVATION_MAX_QUANTITY}
                        allowDecimal={false}
                        allowNegative={false}
                        value={line.quantity}
                        error={errors[`lines.${index}.quantity`]}
                        onChange={(value) => setLine(index, { quantity: value })}
                        style={{ flex: '1 1 0', minWidth: 90 }}
                      />
                      <TextInput
                        label={t('faults.raiseWorkOrder.linePrice')}
                        withAsterisk
                        inputMode="decimal"
                        leftSection="₦"
                        placeholder="0.00"
                        value={line.price}
                        error={errors[`lines.${index}.price`]}
                        onChange={(event) => setLine(index, { price: event.currentTarget.value })}
                        style={{ flex: '2 1 0', minWidth: 130 }}
                      />
                      <Flex
                        gap={4}
                        direction={compact ? 'row' : 'column'}
                        align={compact ? 'center' : 'flex-end'}
                        justify="space-between"
                        style={{ flex: compact ? '1 1 100%' : '0 0 auto' }}
                      >
                        <Text size="sm" fw={500} c="dimmed">
                          {t('faults.raiseWorkOrder.lineTotal')}
                        </Text>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {kobo === null ? '–' : formatNaira(koboToNaira(kobo))}
                          </Text>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('faults.raiseWorkOrder.removeLine', { number: index + 1 })}
                            onClick={() => {
                              setLines((current) => current.filter((_, at) => at !== index));
                              setErrors({});
                            }}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      </Flex>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconPlus size={18} />}
                onClick={() => setLines((current) => [...current, newLine()])}
                disabled={lines.length >= OBSERVATION_MAX_LINES}
              >
                {t('faults.raiseWorkOrder.addLine')}
              </Button>
              <Text fw={600}>
                {t('faults.raiseWorkOrder.total')} <span style={{ whiteSpace: 'nowrap' }}>{formatNaira(koboToNaira(totalKobo))}</span>
              </Text>
            </Group>
          </FormSection>

          <Stack gap="sm">
            <Switch
              label={t('faults.raiseWorkOrder.submit')}
              description={t(submit ? 'faults.raiseWorkOrder.submitHint' : 'faults.raiseWorkOrder.draftHint')}
              checked={submit}
              error={errors.submit}
              onChange={(event) => setSubmit(event.currentTarget.checked)}
            />
            {submit && needed !== null ? (
              <Alert color={needed === undefined ? 'orange' : 'blue'} variant="light" icon={<IconInfoCircle size={18} />} p="xs">
                <Text size="sm">
                  {needed === undefined
                    ? t('faults.raiseWorkOrder.aboveHighest')
                    : needed.length === 0
                      ? t('faults.raiseWorkOrder.noApproval')
                      : t('faults.raiseWorkOrder.needs', { chain: needed.map((level) => level.name).join(' → ') })}
                </Text>
              </Alert>
            ) : null}
          </Stack>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} disabled={raise.isPending}>
              {t('data.cancel')}
            </Button>
            <Button type="submit" loading={raise.isPending} leftSection={<IconSend size={18} />} color="indigo">
              {t(submit ? 'faults.raiseWorkOrder.confirmSubmit' : 'faults.raiseWorkOrder.confirmDraft')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" ta="right">
            <CodeText fz="xs">{fault.code}</CodeText> {t('faults.raiseWorkOrder.converts')}
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
