import { MAX_BYTES_OF_KIND } from '@amp/contracts/file';
import { nairaToKobo } from '@amp/contracts/money';
import { PRICEBOOK_KINDS, type PricebookKind } from '@amp/contracts/pricebook';
import {
  makeObservationSchema,
  OBSERVATION_MAX_EVIDENCE,
  OBSERVATION_MAX_LINES,
  OBSERVATION_MAX_QUANTITY,
  type ObservationType,
} from '@amp/contracts/service-request';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Input,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconBook,
  IconCamera,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconInfoCircle,
  IconPencilPlus,
  IconPlus,
  IconSearch,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Controller, get, type Resolver, set, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { CodeText } from '../../components/code-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDateTime, formatNaira } from '../../components/data/format';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { FileUploadField, type UploadedFile } from '../../components/files/file-upload-field';
import { uploadFile } from '../../components/files/files-api';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type SrDetail, useServiceRequest } from '../../lib/queries/service-requests';
import {
  type Observation,
  type ObservationBody,
  type ObservationLineBody,
  type PricebookItem,
  useOfferedItems,
  useSubmitObservation,
} from './service-request-forms-api';
import { SlaClockSummary, SrPriorityBadge, SrStatusBadge } from './sr-badges';

/** What a pricebook line shows (its price is the book's when the observation is submitted). */
interface PickedItem {
  name: string;
  kind: PricebookKind | null;
  unit: string | null;
  priceKobo: number;
}

/** One line as typed: from the pricebook (`pricebookItem` set) or free. */
interface LineValues {
  pricebookItem: string | null;
  item: PickedItem | null;
  name: string;
  kind: PricebookKind | '';
  unit: string;
  price: string;
  quantity: number | string;
}

interface ObservationValues {
  type: ObservationType | '';
  summary: string;
  timeToComplete: number | string;
  evidence: UploadedFile[];
  lines: LineValues[];
}

const FIELDS = ['type', 'summary', 'timeToComplete', 'evidence', 'lines'];

function lineBody(line: LineValues): ObservationLineBody {
  if (line.pricebookItem) return { pricebookItem: line.pricebookItem, quantity: line.quantity };
  return {
    name: line.name.trim(),
    kind: line.kind || undefined,
    unit: line.unit.trim() || undefined,
    price: line.price.trim(),
    quantity: line.quantity,
  };
}

function bodyOf(values: ObservationValues, supersedes: string | undefined): ObservationBody {
  return {
    type: values.type,
    summary: values.summary,
    timeToComplete: values.timeToComplete,
    evidence: values.evidence.map((file) => file._id),
    lines: values.lines.map(lineBody),
    ...(supersedes ? { supersedes } : {}),
  };
}

/** The contract's schema on what would be sent: its paths (`lines.0.quantity`) are the form's. */
function resolverOf(supersedes: string | undefined, submitted: () => boolean): Resolver<ObservationValues> {
  const check = zodResolver(makeObservationSchema(translateMessage)) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const result = await check(bodyOf(values, supersedes) as never, context, options as never);
    // The schema coerces an empty number to 0: a number left empty is missing, not zero.
    const empty = (value: unknown) => value === '' || value === undefined || value === null;
    const required = (field: string) => ({ type: 'required', message: translateMessage('VALIDATION.REQUIRED', { field }) });
    const errors: Record<string, unknown> = { ...result.errors };
    if (empty(values.timeToComplete)) errors.timeToComplete = required('Time to complete');
    const lineErrors = values.lines.map((line, index) => {
      const found = (result.errors.lines as Record<number, object> | undefined)?.[index];
      return empty(line.quantity) ? { ...found, quantity: required('Quantity') } : found;
    });
    if (lineErrors.some((line, index) => line !== (result.errors.lines as Record<number, object> | undefined)?.[index])) {
      errors.lines = Object.assign([], result.errors.lines ?? {}, lineErrors);
    }
    if (Object.keys(errors).length === 0) return result as never;
    return { values: {}, errors: onlyNamed(errors, options.names, submitted()) } as never;
  };
}

/**
 * On one field's own check (its blur or change), only that field's message: react-hook-form would
 * otherwise show a whole line's messages when one of its fields is left (a price not yet typed).
 */
function onlyNamed(errors: Record<string, unknown>, names: readonly string[] | undefined, submitted: boolean): Record<string, unknown> {
  if (!names) return errors;
  const picked: Record<string, unknown> = {};
  for (const name of names) {
    // A line added or removed checks the whole list: before the form is sent, only the list's own message (too many lines).
    const path = name === 'lines' && !submitted ? 'lines.root' : name;
    const error = get(errors, path) ?? (path === 'lines.root' ? pickMessage(get(errors, 'lines')) : undefined);
    if (error) set(picked, path, error);
  }
  return picked;
}

/** A list's own message ({ type, message }), without its entries' messages. */
function pickMessage(error: unknown): unknown {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? { type: (error as { type?: string }).type ?? 'custom', message: error.message }
    : undefined;
}

/** A line's total in kobo, exactly (BigInt: a price times a quantity may pass 2^53); null while it cannot be priced. */
function lineKobo(line: Pick<LineValues, 'item' | 'price' | 'quantity'>): bigint | null {
  const quantity = Number(line.quantity);
  if (line.quantity === '' || !Number.isInteger(quantity) || quantity < 1 || quantity > OBSERVATION_MAX_QUANTITY) return null;
  const unit = line.item ? line.item.priceKobo : line.price.trim() ? nairaToKobo(line.price) : undefined;
  if (unit === undefined) return null;
  return BigInt(unit) * BigInt(quantity);
}

/** Kobo as naira in the NGN format, without floats. */
function formatKobo(kobo: bigint | number): string {
  const value = BigInt(kobo);
  return formatNaira(`${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`);
}

const EMPTY_FREE_LINE: LineValues = { pricebookItem: null, item: null, name: '', kind: '', unit: '', price: '', quantity: 1 };

/** An earlier observation as the start of its correction (its evidence stays with it: photos are added again). */
function valuesFrom(observation: Observation | undefined): ObservationValues {
  if (!observation) return { type: '', summary: '', timeToComplete: '', evidence: [], lines: [] };
  return {
    type: observation.type,
    summary: observation.summary,
    timeToComplete: observation.timeToComplete,
    evidence: [],
    lines: observation.lines.map((line) =>
      line.pricebookItem
        ? {
            pricebookItem: line.pricebookItem,
            item: { name: line.name, kind: line.kind, unit: line.unit, priceKobo: line.unitPriceKobo },
            name: '',
            kind: '',
            unit: '',
            price: '',
            quantity: line.quantity,
          }
        : {
            pricebookItem: null,
            item: null,
            name: line.name,
            kind: line.kind ?? '',
            unit: line.unit ?? '',
            price: line.unitPrice,
            quantity: line.quantity,
          },
    ),
  };
}

/**
 * /service-request/observation/new/:id (?supersedes=): a staff member's observation on a request
 * assigned to them (SPEC.md 3 "Observation"): Okay or Not Okay, the report, the hours the work takes,
 * photos as evidence, and the services and parts it needs, from the pricebook or as free lines, with
 * the exact total. Named with ?supersedes=, it corrects an earlier observation.
 */
export default function ObservationFormPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const request = useServiceRequest(id);
  const supersedes = params.get('supersedes') ?? undefined;

  return (
    <DetailPageFrame
      backTo="/service-request/observation"
      backLabel={t('srForms.observation.back')}
      query={request}
      skeleton={<FormSkeleton />}
      notFoundTitle={t('srForms.observation.notFoundTitle')}
      notFoundHint={t('srForms.observation.notFoundHint')}
    >
      {(sr) => (
        <Stack gap="md" maw={960}>
          <RequestSummary sr={sr} />
          <ObservationForm key={supersedes ?? 'new'} sr={sr} supersedesId={supersedes} />
        </Stack>
      )}
    </DetailPageFrame>
  );
}

function ObservationForm({ sr, supersedesId }: { sr: SrDetail; supersedesId: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compact = useCompactLayout();
  const submitObservation = useSubmitObservation(sr._id);
  const observations = useMemo(() => [...sr.observations].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [sr.observations]);
  const named = supersedesId ? observations.find((observation) => observation._id === supersedesId) : undefined;
  const waiting = observations.find((observation) => observation.status === 'submitted');
  const rejected = observations[0]?.status === 'rejected' ? observations[0] : undefined;
  // What the form starts from: the observation it corrects (named, or the one awaiting the owner).
  const base = named ?? waiting;
  const namable = named && (named.status === 'submitted' || named.status === 'rejected') ? named : undefined;

  const sent = useRef(false);
  const resolver = useMemo(() => resolverOf(namable?._id, () => sent.current), [namable?._id]);
  const form = useForm<ObservationValues>({ resolver, mode: 'onTouched', defaultValues: valuesFrom(base) });
  sent.current = form.formState.isSubmitted;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [pickerOpen, setPickerOpen] = useState(false);
  const { errors } = form.formState;
  const watchedLines = form.watch('lines');
  const type = form.watch('type');

  const canObserve = sr.actions.includes('observe') || sr.actions.includes('observeAsProvider');
  if (!canObserve) {
    return (
      <Alert color="orange" icon={<IconAlertCircle size={18} />} title={t('srForms.observation.notWaitingTitle')}>
        <Stack gap={6} align="flex-start">
          {t('srForms.observation.notWaitingHint', { status: t(`serviceRequests.status.${sr.status}`) })}
          <Anchor component={Link} to={`/service-request/view/${sr._id}`} size="sm">
            {t('srForms.observation.openRequest')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  const totals = watchedLines.map((line) => lineKobo(line));
  const total = totals.reduce<bigint>((sum, value) => sum + (value ?? 0n), 0n);
  const incomplete = totals.some((value) => value === null);

  const addItem = (item: PricebookItem) => {
    const index = form.getValues('lines').findIndex((line) => line.pricebookItem === item._id);
    if (index >= 0) {
      const quantity = Number(form.getValues(`lines.${index}.quantity`)) || 0;
      form.setValue(`lines.${index}.quantity`, Math.min(quantity + 1, OBSERVATION_MAX_QUANTITY), {
        shouldValidate: form.formState.isSubmitted,
      });
      return;
    }
    lines.append(
      {
        pricebookItem: item._id,
        item: { name: item.name, kind: item.kind, unit: item.unit, priceKobo: item.priceKobo },
        name: '',
        kind: '',
        unit: '',
        price: '',
        quantity: 1,
      },
      { shouldFocus: false },
    );
    if (form.formState.isSubmitted) void form.trigger('lines');
  };

  // The values as typed are sent (the resolver's output is the schema's, not the form's).
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      await submitObservation.mutateAsync(bodyOf(values, namable?._id));
      notifySuccess(t('SR.OBSERVATION_SENT'));
      navigate(`/service-request/view/${sr._id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const full = lines.fields.length >= OBSERVATION_MAX_LINES;

  return (
    <>
      {base ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title={t('srForms.observation.correctingTitle')}>
          <Stack gap={4}>
            <span>
              {t(named ? 'srForms.observation.correctingNamed' : 'srForms.observation.correctingWaiting', {
                date: formatDateTime(base.createdAt),
              })}
            </span>
            {base.status === 'rejected' && base.decisionReason ? (
              <Text size="sm" fw={500} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {t('srForms.observation.rejectedReason', { reason: base.decisionReason })}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : rejected ? (
        <Alert color="red" icon={<IconCircleX size={18} />} title={t('srForms.observation.rejectedTitle')}>
          <Stack gap={6} align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {rejected.decisionReason ? t('srForms.observation.rejectedReason', { reason: rejected.decisionReason }) : null}
            </Text>
            <Button component={Link} to={`?supersedes=${rejected._id}`} size="xs" variant="light" color="red" replace>
              {t('srForms.observation.startFromRejected')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="xl">
            <Section title={t('srForms.observation.findingSection')}>
              <Controller
                control={form.control}
                name="type"
                render={({ field, fieldState }) => (
                  <Input.Wrapper label={t('srForms.field.type')} withAsterisk error={fieldState.error?.message}>
                    <SegmentedControl
                      mt={4}
                      fullWidth
                      size="md"
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      color={field.value === 'not_okay' ? 'red' : field.value === 'okay' ? 'teal' : 'gray'}
                      data={[
                        {
                          value: 'okay',
                          label: (
                            <Group gap={6} justify="center" wrap="nowrap">
                              <IconCircleCheck size={18} aria-hidden />
                              <span>{t('serviceRequests.observationType.okay')}</span>
                            </Group>
                          ),
                        },
                        {
                          value: 'not_okay',
                          label: (
                            <Group gap={6} justify="center" wrap="nowrap">
                              <IconCircleX size={18} aria-hidden />
                              <span>{t('serviceRequests.observationType.not_okay')}</span>
                            </Group>
                          ),
                        },
                      ]}
                    />
                    {field.value === '' ? (
                      <Text size="xs" c="dimmed" mt={4}>
                        {t('srForms.observation.typeHint')}
                      </Text>
                    ) : null}
                  </Input.Wrapper>
                )}
              />
              <Textarea
                label={t('srForms.field.summary')}
                withAsterisk
                placeholder={t('srForms.observation.summaryPlaceholder')}
                autosize
                minRows={4}
                maxRows={14}
                {...form.register('summary')}
                error={errors.summary?.message}
              />
              <Controller
                control={form.control}
                name="timeToComplete"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={t('srForms.field.timeToComplete')}
                    description={t('srForms.observation.timeHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    withAsterisk
                    min={0}
                    max={8760}
                    allowDecimal={false}
                    allowNegative={false}
                    inputMode="numeric"
                    rightSection={
                      <Text size="sm" c="dimmed" pr="xs">
                        {t('srForms.observation.hoursUnit')}
                      </Text>
                    }
                    rightSectionWidth={56}
                    hideControls
                    maw={compact ? undefined : 320}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Section>

            <Section title={t('srForms.observation.evidenceSection')}>
              <Controller
                control={form.control}
                name="evidence"
                render={({ field, fieldState }) => (
                  <Stack gap="xs">
                    <FileUploadField
                      label={t('srForms.field.evidence')}
                      description={
                        type === 'not_okay' ? t('srForms.observation.evidenceNotOkayHint') : t('srForms.observation.evidenceHint')
                      }
                      kind="image"
                      multiple
                      max={OBSERVATION_MAX_EVIDENCE}
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message ?? errorOfPath(errors.evidence)}
                    />
                    {compact ? (
                      <CameraButton
                        disabled={field.value.length >= OBSERVATION_MAX_EVIDENCE}
                        onUploaded={(file) => field.onChange([...form.getValues('evidence'), file])}
                      />
                    ) : null}
                    {base && base.evidence.length > 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('srForms.observation.evidenceAgain', { count: base.evidence.length })}
                      </Text>
                    ) : null}
                  </Stack>
                )}
              />
            </Section>

            <Section title={t('srForms.observation.linesSection')}>
              <Text size="sm" c="dimmed" mt={-6}>
                {type === 'not_okay' ? t('srForms.observation.linesNotOkayHint') : t('srForms.observation.linesHint')}
              </Text>
              {lines.fields.length === 0 ? (
                <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
                  <Text size="sm" c="dimmed" ta="center">
                    {t('srForms.observation.noLines')}
                  </Text>
                </Paper>
              ) : (
                <Stack gap="sm">
                  {lines.fields.map((line, index) => (
                    <LineRow key={line.id} form={form} index={index} total={totals[index] ?? null} onRemove={() => lines.remove(index)} />
                  ))}
                </Stack>
              )}
              {linesError ? (
                <Text size="sm" c="red" role="alert">
                  {linesError}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={compact ? undefined : 480}>
                <Button variant="light" leftSection={<IconBook size={18} />} onClick={() => setPickerOpen(true)} disabled={full}>
                  {t('srForms.observation.addFromPricebook')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPencilPlus size={18} />}
                  onClick={() =>
                    lines.append({ ...EMPTY_FREE_LINE }, { shouldFocus: true, focusName: `lines.${lines.fields.length}.name` })
                  }
                  disabled={full}
                >
                  {t('srForms.observation.addFreeLine')}
                </Button>
              </SimpleGrid>
              <Paper radius="md" p="md" bg="var(--mantine-color-gray-0)" withBorder>
                <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
                  <Stack gap={0}>
                    <Text fw={600}>{t('srForms.observation.total')}</Text>
                    <Text size="xs" c="dimmed">
                      {incomplete
                        ? t('srForms.observation.totalIncomplete')
                        : t('srForms.observation.totalLines', { count: lines.fields.length })}
                    </Text>
                  </Stack>
                  <Text fw={700} fz="xl" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
                    {formatKobo(total)}
                  </Text>
                </Group>
              </Paper>
            </Section>

            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={`/service-request/view/${sr._id}`} disabled={submitObservation.isPending}>
                {t('data.cancel')}
              </Button>
              <Button type="submit" loading={submitObservation.isPending} leftSection={<IconSend size={18} />}>
                {base ? t('srForms.observation.submitCorrection') : t('srForms.observation.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <PricebookPicker
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={addItem}
        quantities={new Map(watchedLines.filter((line) => line.pricebookItem).map((line) => [line.pricebookItem ?? '', line.quantity]))}
      />
    </>
  );
}

/** A message set on a list field or on one of its entries (`evidence.2`). */
function errorOfPath(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const nested = errorOfPath(value);
    if (nested) return nested;
  }
  return undefined;
}

/** One line: a pricebook item (name, kind, unit and price as the book has them) or a free line typed in full; its quantity and total. */
function LineRow({
  form,
  index,
  total,
  onRemove,
}: {
  form: UseFormReturn<ObservationValues>;
  index: number;
  total: bigint | null;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const line = form.watch(`lines.${index}`);
  const errors = form.formState.errors.lines?.[index];
  const item = line.item;
  const labelOf = item?.name ?? (line.name || t('srForms.observation.freeLine'));

  const quantity = (
    <Controller
      control={form.control}
      name={`lines.${index}.quantity`}
      render={({ field, fieldState }) => (
        <NumberInput
          label={t('srForms.field.quantity')}
          withAsterisk
          min={1}
          max={OBSERVATION_MAX_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  const totalText = (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {t('srForms.observation.lineTotal')}
      </Text>
      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
        {total === null ? '–' : formatKobo(total)}
      </Text>
    </Stack>
  );
  const remove = (
    <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('srForms.observation.removeLine', { name: labelOf })}>
      <IconTrash size={18} />
    </ActionIcon>
  );

  if (item) {
    return (
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Group gap={6} wrap="wrap">
                {item.kind ? <KindBadge kind={item.kind} /> : null}
                <Text size="xs" c="dimmed">
                  {item.unit
                    ? t('srForms.observation.pricePerUnit', { price: formatKobo(item.priceKobo), unit: item.unit })
                    : formatKobo(item.priceKobo)}
                </Text>
              </Group>
            </Stack>
            {remove}
          </Group>
          {errors?.pricebookItem?.message ? (
            <Text size="xs" c="red" role="alert">
              {errors.pricebookItem.message}
            </Text>
          ) : null}
          <Group justify="space-between" align="flex-end" gap="sm" wrap="nowrap">
            <div style={{ maxWidth: 140 }}>{quantity}</div>
            {totalText}
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" style={{ borderColor: 'var(--mantine-color-yellow-4)' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="yellow" c="#7a5a00" leftSection={<IconPencilPlus size={12} aria-hidden />}>
            {t('srForms.observation.freeLine')}
          </Badge>
          {remove}
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('srForms.field.name')}
              withAsterisk
              maxLength={150}
              {...form.register(`lines.${index}.name`)}
              error={errors?.name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Controller
              control={form.control}
              name={`lines.${index}.kind`}
              render={({ field, fieldState }) => (
                <Select
                  label={t('srForms.field.kind')}
                  placeholder={t('srForms.observation.chooseKind')}
                  clearable
                  data={PRICEBOOK_KINDS.map((kind) => ({ value: kind, label: t(`srForms.kind.${kind}`) }))}
                  name={field.name}
                  ref={field.ref}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('srForms.field.unit')}
              placeholder={t('srForms.observation.unitPlaceholder')}
              maxLength={30}
              {...form.register(`lines.${index}.unit`)}
              error={errors?.unit?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('srForms.field.price')}
              withAsterisk
              inputMode="decimal"
              leftSection={
                <Text size="sm" c="dimmed" aria-hidden>
                  ₦
                </Text>
              }
              placeholder="0.00"
              autoComplete="off"
              {...form.register(`lines.${index}.price`)}
              error={errors?.price?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>{quantity}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group justify="flex-end" align="flex-end" h="100%">
              {totalText}
            </Group>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}

const KIND_COLORS: Record<PricebookKind, string> = { service: 'blue', spare_part: 'grape', product: 'cyan' };

function KindBadge({ kind }: { kind: PricebookKind }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={KIND_COLORS[kind]}>
      {t(`srForms.kind.${kind}`)}
    </Badge>
  );
}

/**
 * The organisation's pricebook, searchable: a tap adds the item as a line (again: one more of it).
 * Full screen on a phone; it stays open so several items can be added in a row.
 */
function PricebookPicker({
  opened,
  onClose,
  onPick,
  quantities,
}: {
  opened: boolean;
  onClose(): void;
  onPick(item: PricebookItem): void;
  quantities: Map<string, number | string>;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const compact = useCompactLayout();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const items = useOfferedItems(user?.organisation._id ?? '', debounced, opened);
  const rows = items.data?.data ?? [];
  const more = (items.data?.meta.total ?? 0) > rows.length;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('srForms.picker.title')}
      fullScreen={compact}
      size="lg"
      closeButtonProps={{ 'aria-label': t('data.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          rightSection={items.isFetching ? <Loader size="xs" /> : undefined}
          placeholder={t('srForms.picker.search')}
          aria-label={t('srForms.picker.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {items.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={56} radius="sm" />
            ))}
          </Stack>
        ) : items.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {apiErrorText(items.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {debounced ? t('srForms.picker.noMatch') : t('srForms.picker.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {rows.map((item) => {
              const added = quantities.get(item._id);
              const details = [item.brand, item.model].filter(Boolean).join(' · ');
              return (
                <UnstyledButton
                  key={item._id}
                  onClick={() => onPick(item)}
                  aria-label={t('srForms.picker.add', { name: item.name })}
                  style={{
                    border: `1px solid ${added !== undefined ? 'var(--mantine-color-teal-4)' : 'var(--mantine-color-default-border)'}`,
                    borderRadius: 'var(--mantine-radius-md)',
                    padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
                    background: added !== undefined ? 'var(--mantine-color-teal-0)' : undefined,
                  }}
                >
                  <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                    <Stack gap={2} miw={0}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {item.name}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <KindBadge kind={item.kind} />
                        {item.unit ? (
                          <Text size="xs" c="dimmed">
                            {t('srForms.picker.perUnit', { unit: item.unit })}
                          </Text>
                        ) : null}
                        {details ? (
                          <Text size="xs" c="dimmed">
                            {details}
                          </Text>
                        ) : null}
                      </Group>
                    </Stack>
                    <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatNaira(item.price)}
                      </Text>
                      {added !== undefined ? (
                        <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                          {t('srForms.picker.added', { quantity: added })}
                        </Badge>
                      ) : (
                        <IconPlus size={16} color="var(--mantine-primary-color-filled)" aria-hidden />
                      )}
                    </Stack>
                  </Group>
                </UnstyledButton>
              );
            })}
            {more ? (
              <Text size="xs" c="dimmed" ta="center">
                {t('srForms.picker.more', { shown: rows.length, total: items.data?.meta.total ?? rows.length })}
              </Text>
            ) : null}
          </Stack>
        )}
        <Group justify="flex-end" pt="xs">
          <Button onClick={onClose}>{t('srForms.picker.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const MB = 1024 * 1024;

/** On a phone: takes a photo with the camera and uploads it at once, as the evidence field's own uploads do. */
function CameraButton({ disabled, onUploaded }: { disabled: boolean; onUploaded(file: UploadedFile): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES_OF_KIND.image) return setError(t('ERROR.TOO_LARGE'));
    setProgress(0);
    uploadFile(file, 'image', setProgress).promise.then(
      (uploaded) => {
        setProgress(null);
        onUploaded(uploaded);
      },
      (failure: unknown) => {
        setProgress(null);
        setError(apiErrorText(failure));
      },
    );
  };

  return (
    <Stack gap={4}>
      <Button
        variant="light"
        leftSection={<IconCamera size={18} />}
        onClick={() => input.current?.click()}
        disabled={disabled || progress !== null}
        loading={progress !== null}
      >
        {t('srForms.observation.takePhoto')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        hidden
        onChange={(event) => {
          take(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} size="sm" animated aria-label={t('srForms.observation.photoUploading')} />
      ) : null}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t('srForms.observation.cameraHint', { size: MAX_BYTES_OF_KIND.image / MB })}
        </Text>
      )}
    </Stack>
  );
}

/** The request being observed: what it is about, for whom, how urgent, and by when. */
function RequestSummary({ sr }: { sr: SrDetail }) {
  const { t } = useTranslation();
  const about = sr.asset
    ? `${sr.asset.name} (${sr.asset.assetID})`
    : sr.cluster
      ? t('srForms.observation.wholeCluster', { name: `${sr.cluster.name} (${sr.cluster.clusterID})` })
      : '–';
  const clusterLine = sr.asset && sr.cluster ? `${sr.cluster.name} (${sr.cluster.clusterID})` : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
            <Anchor component={Link} to={`/service-request/view/${sr._id}`} size="sm">
              <CodeText fw={600}>{sr.code}</CodeText>
            </Anchor>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {sr.title}
            </Title>
          </Stack>
          <Group gap={6} wrap="wrap">
            <SrPriorityBadge priority={sr.priority} size="sm" />
            <SrStatusBadge status={sr.status} size="sm" />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing={6}>
          <Fact label={sr.asset ? t('srForms.field.asset') : t('srForms.field.cluster')}>
            {about}
            {clusterLine ? (
              <Text size="xs" c="dimmed">
                {clusterLine}
              </Text>
            ) : null}
          </Fact>
          <Fact label={t('srForms.observation.owner')}>{sr.owner.name}</Fact>
          <Fact label={t('srForms.observation.due')}>
            {sr.resolution ? (
              <Stack gap={2}>
                <span>{formatDateTime(sr.resolution.dueAt)}</span>
                <SlaClockSummary clock={sr.resolution} inline />
              </Stack>
            ) : (
              <SlaClockSummary clock={null} />
            )}
          </Fact>
        </SimpleGrid>
        <Divider />
        <Spoiler maxHeight={72} showLabel={t('srForms.showMore')} hideLabel={t('srForms.showLess')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {sr.description}
          </Text>
        </Spoiler>
        {sr.attachments.length > 0 || sr.image ? (
          <Text size="xs" c="dimmed">
            {t('srForms.observation.attachments', { count: sr.attachments.length + (sr.image ? 1 : 0) })}{' '}
            <Anchor component={Link} to={`/service-request/view/${sr._id}`} size="xs">
              {t('srForms.observation.openRequest')}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider
        label={
          <Title order={2} size="h5" c="dark">
            {title}
          </Title>
        }
        labelPosition="left"
      />
      {children}
    </Stack>
  );
}

function FormSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={170} radius="md" />
      <Skeleton h={420} radius="md" />
    </Stack>
  );
}
