import { MAX_BYTES_OF_KIND } from '@amp/contracts/file';
import { makeObservationSchema, OBSERVATION_MAX_EVIDENCE, type ObservationType } from '@amp/contracts/service-request';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Input,
  NumberInput,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCamera, IconCircleCheck, IconCircleX, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  get,
  type Resolver,
  set,
  type UseFormReturn,
  useController,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorText } from '../../components/api-error';
import { CodeText } from '../../components/code-text';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDateTime } from '../../components/data/format';
import { applyServerErrors, notifySuccess } from '../../components/data/server-errors';
import { bodyResolver } from '../../components/data/use-body-resolver';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import type { UploadedFile } from '../../components/files/file-upload-field';
import { uploadFile } from '../../components/files/files-api';
import { FreeLineCard, PricebookLineCard } from '../../components/forms/cost-line-cards';
import type { CostLineTexts } from '../../components/forms/cost-line-texts';
import {
  type CostLineValues,
  costLineBody,
  costLineKobo,
  costLineOf,
  costLineOfItem,
  freeCostLine,
  oneMore,
} from '../../components/forms/cost-lines';
import { CostLinesPanel } from '../../components/forms/cost-lines-panel';
import { FormFact } from '../../components/forms/form-fact';
import { FormSection } from '../../components/forms/form-section';
import { subjectText } from '../../components/forms/subject-text';
import { useAuth } from '../../lib/auth';
import { translateMessage, useTranslation } from '../../lib/i18n';
import { type SrDetail, useServiceRequest } from '../../lib/queries/service-requests';
import { isOnline } from '../../offline/network';
import { keepLocalPhoto } from '../../offline/outbox/local-photos';
import { OfflinePhotoField } from '../../offline/outbox/offline-photo-field';
import { type Observation, type ObservationBody, type PricebookItem, useSubmitObservation } from './service-request-forms-api';
import { SlaClockSummary, SrPriorityBadge, SrStatusBadge } from './sr-badges';

interface ObservationValues {
  type: ObservationType | '';
  summary: string;
  timeToComplete: number | string;
  evidence: UploadedFile[];
  lines: CostLineValues[];
}

const FIELDS = ['type', 'summary', 'timeToComplete', 'evidence', 'lines'];

function bodyOf(values: ObservationValues, supersedes: string | undefined): ObservationBody {
  return {
    type: values.type,
    summary: values.summary,
    timeToComplete: values.timeToComplete,
    evidence: values.evidence.map((file) => file._id),
    lines: values.lines.map(costLineBody),
    ...(supersedes ? { supersedes } : {}),
  };
}

/** The contract's schema on what would be sent: its paths (`lines.0.quantity`) are the form's. */
function resolverOf(supersedes: string | undefined, submitted: () => boolean): Resolver<ObservationValues> {
  const check = bodyResolver(makeObservationSchema(translateMessage), (values: ObservationValues) => bodyOf(values, supersedes));
  return async (values, context, options) => {
    const result = await check(values, context, options);
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
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors: onlyNamed(errors, options.names, submitted()) as FieldErrors<ObservationValues> };
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

const OBSERVATION_LINE_TEXTS: CostLineTexts = {
  none: 'srForms.observation.noLines',
  addFromPricebook: 'srForms.observation.addFromPricebook',
  addFree: 'srForms.observation.addFreeLine',
  freeLine: 'srForms.observation.freeLine',
  name: 'srForms.field.name',
  kind: 'srForms.field.kind',
  chooseKind: 'srForms.observation.chooseKind',
  unit: 'srForms.field.unit',
  unitPlaceholder: 'srForms.observation.unitPlaceholder',
  price: 'srForms.field.price',
  quantity: 'srForms.field.quantity',
  pricePerUnit: 'srForms.observation.pricePerUnit',
  lineTotal: 'srForms.observation.lineTotal',
  remove: 'srForms.observation.removeLine',
  total: 'srForms.observation.total',
  totalIncomplete: 'srForms.observation.totalIncomplete',
  count: 'srForms.observation.totalLines',
  kinds: 'srForms.kind',
  picker: {
    title: 'srForms.picker.title',
    search: 'srForms.picker.search',
    empty: 'srForms.picker.empty',
    noMatch: 'srForms.picker.noMatch',
    add: 'srForms.picker.add',
    added: 'srForms.picker.added',
    perUnit: 'srForms.picker.perUnit',
    more: 'srForms.picker.more',
    done: 'srForms.picker.done',
  },
};

/** An earlier observation as the start of its correction (its evidence stays with it: photos are added again). */
function valuesFrom(observation: Observation | undefined): ObservationValues {
  if (!observation) return { type: '', summary: '', timeToComplete: '', evidence: [], lines: [] };
  return {
    type: observation.type,
    summary: observation.summary,
    timeToComplete: observation.timeToComplete,
    evidence: [],
    lines: observation.lines.map(costLineOf),
  };
}

/**
 * /service-request/observation/new/:id (?supersedes=): a staff member's observation on a request
 * assigned to them (docs/product.md#service-requests-and-observations): Okay or Not Okay, the report, the hours the work takes,
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
  const { user } = useAuth();
  const submitObservation = useSubmitObservation(sr);
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

  const addItem = (item: PricebookItem) => {
    const index = form.getValues('lines').findIndex((line) => line.pricebookItem === item._id);
    if (index >= 0) {
      form.setValue(`lines.${index}.quantity`, oneMore(form.getValues(`lines.${index}.quantity`)), {
        shouldValidate: form.formState.isSubmitted,
      });
      return;
    }
    lines.append(costLineOfItem(item), { shouldFocus: false });
    if (form.formState.isSubmitted) void form.trigger('lines');
  };

  // The values as typed are sent (the resolver's output is the schema's, not the form's).
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      const result = await submitObservation.mutateAsync(bodyOf(values, namable?._id));
      notifySuccess(result.queued ? t('offline.queued') : t('SR.OBSERVATION_SENT'));
      navigate(`/service-request/view/${sr._id}`);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

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
            <FormSection title={t('srForms.observation.findingSection')}>
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
            </FormSection>

            <FormSection title={t('srForms.observation.evidenceSection')}>
              <Controller
                control={form.control}
                name="evidence"
                render={({ field, fieldState }) => (
                  <Stack gap="xs">
                    <OfflinePhotoField
                      label={t('srForms.field.evidence')}
                      description={
                        type === 'not_okay' ? t('srForms.observation.evidenceNotOkayHint') : t('srForms.observation.evidenceHint')
                      }
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
            </FormSection>

            <FormSection title={t('srForms.observation.linesSection')}>
              <CostLinesPanel
                lines={watchedLines}
                texts={OBSERVATION_LINE_TEXTS}
                hint={
                  <Text size="sm" c="dimmed" mt={-6}>
                    {type === 'not_okay' ? t('srForms.observation.linesNotOkayHint') : t('srForms.observation.linesHint')}
                  </Text>
                }
                listError={linesError}
                pricebook={user ? { organisationId: user.organisation._id, name: user.organisation.name } : null}
                onPick={addItem}
                onAddFree={() => lines.append(freeCostLine(), { shouldFocus: true, focusName: `lines.${lines.fields.length}.name` })}
              >
                {lines.fields.map((line, index) => (
                  <LineRow key={line.id} form={form} index={index} onRemove={() => lines.remove(index)} />
                ))}
              </CostLinesPanel>
            </FormSection>

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

/** One line, its inputs registered with the form (each checked on its own when left). */
function LineRow({ form, index, onRemove }: { form: UseFormReturn<ObservationValues>; index: number; onRemove(): void }) {
  const { t } = useTranslation();
  const line = form.watch(`lines.${index}`);
  const errors = form.formState.errors.lines?.[index];
  const quantity = useController({ control: form.control, name: `lines.${index}.quantity` });
  const kind = useController({ control: form.control, name: `lines.${index}.kind` });
  const card = {
    texts: OBSERVATION_LINE_TEXTS,
    total: costLineKobo(line),
    name: line.item?.name ?? (line.name || t('srForms.observation.freeLine')),
    onRemove,
    quantity: { ...quantity.field, error: quantity.fieldState.error?.message },
  };
  if (line.item) return <PricebookLineCard {...card} item={line.item} itemError={errors?.pricebookItem?.message} />;
  return (
    <FreeLineCard
      {...card}
      inputs={{
        name: { ...form.register(`lines.${index}.name`), error: errors?.name?.message },
        kind: {
          ...kind.field,
          value: kind.field.value || null,
          onChange: (value) => kind.field.onChange(value ?? ''),
          error: kind.fieldState.error?.message,
        },
        unit: { ...form.register(`lines.${index}.unit`), error: errors?.unit?.message },
        price: { ...form.register(`lines.${index}.price`), error: errors?.price?.message },
      }}
    />
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
    // Offline the photo is kept on the device and uploaded when the observation is sent.
    if (!isOnline()) return onUploaded(keepLocalPhoto(file));
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
          <FormFact label={sr.asset ? t('srForms.field.asset') : t('srForms.field.cluster')}>
            {subjectText(sr, (name) => t('srForms.observation.wholeCluster', { name }))}
            {clusterLine ? (
              <Text size="xs" c="dimmed">
                {clusterLine}
              </Text>
            ) : null}
          </FormFact>
          <FormFact label={t('srForms.observation.owner')}>{sr.owner.name}</FormFact>
          <FormFact label={t('srForms.observation.due')}>
            {sr.resolution ? (
              <Stack gap={2}>
                <span>{formatDateTime(sr.resolution.dueAt)}</span>
                <SlaClockSummary clock={sr.resolution} inline />
              </Stack>
            ) : (
              <SlaClockSummary clock={null} />
            )}
          </FormFact>
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

function FormSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={170} radius="md" />
      <Skeleton h={420} radius="md" />
    </Stack>
  );
}
