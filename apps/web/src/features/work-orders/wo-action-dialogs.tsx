import { makeApprovalDecisionSchema } from '@amp/contracts/approval';
import {
  makeRateSchema,
  makeWoCertifySchema,
  makeWoCompleteSchema,
  makeWoReasonSchema,
  WO_MAX_HOURS,
  WO_MAX_PHOTOS,
  WO_RATINGS,
  woAssignSchema,
} from '@amp/contracts/work-order';
import { Group, Input, NumberInput, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { translateApiText } from '../../components/api-error';
import { ConfirmModal } from '../../components/data/confirm-modal';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import type { UploadedFile } from '../../components/files/file-upload-field';
import { AssignStaffDialog } from '../../components/workflow/assign-staff-dialog';
import { DialogButtons } from '../../components/workflow/dialog-buttons';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { fieldMessage } from '../../components/workflow/field-message';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { StepModal } from '../../components/workflow/step-modal';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { i18n, translateMessage, useTranslation } from '../../lib/i18n';
import { OfflinePhotoField } from '../../offline/outbox/offline-photo-field';
import { draftOf, type LineDraft, type LineErrors, LinesEditor, lineBody } from './wo-lines-editor';
import { useWorkOrderStaff, useWorkOrderStep, type WoDetail, type WoStep } from './work-orders-api';

/**
 * The dialogs of a work order's steps. Each asks before it runs; a 400 stays in the dialog next to
 * its field (in the catalogue's words), a 409 (someone acted first) or any other failure is told
 * as a notification and the work order is read again.
 */

/** The steps confirmed in a plain dialog, with a reason, a comment or nothing to type. */
export type SimpleAction =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'accept'
  | 'decline'
  | 'start'
  | 'hold'
  | 'resume'
  | 'certify'
  | 'unsatisfactory'
  | 'close'
  | 'end';

const COLORS: Record<SimpleAction, string> = {
  submit: 'blue',
  approve: 'teal',
  reject: 'red',
  accept: 'teal',
  decline: 'red',
  start: 'blue',
  hold: 'orange',
  resume: 'blue',
  certify: 'teal',
  unsatisfactory: 'orange',
  close: 'blue',
  end: 'red',
};

/** What each step asks for: a reason (required), a comment (required) or nothing. */
const TEXT_FIELD: Partial<Record<SimpleAction, 'reason' | 'comment'>> = {
  reject: 'reason',
  decline: 'reason',
  hold: 'reason',
  unsatisfactory: 'reason',
  end: 'reason',
  certify: 'comment',
};

/** The catalogue's word for a step done (WO.* / APPROVAL.*). */
function doneMessage(action: SimpleAction | 'assign' | 'complete' | 'rate', after: WoDetail): string {
  switch (action) {
    case 'submit':
      return after.status === 'sent' ? 'WO.SENT' : 'WO.SUBMITTED';
    case 'approve':
      return 'APPROVAL.APPROVED';
    case 'reject':
      return 'APPROVAL.REJECTED';
    case 'hold':
      return 'WO.HELD';
    default:
      return `WO.${{ accept: 'ACCEPTED', decline: 'DECLINED', assign: 'ASSIGNED', start: 'STARTED', resume: 'RESUMED', complete: 'COMPLETED', certify: 'CERTIFIED', unsatisfactory: 'UNSATISFACTORY', rate: 'RATED', close: 'CLOSED', end: 'ENDED' }[action]}`;
  }
}

/** The first message of a failed parse (the contract's own rule, in the reader's language). */
const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? null;

/** Runs a step with the dialog's handling of its outcome. */
function useRunStep(order: WoDetail) {
  const { t } = useTranslation();
  const step = useWorkOrderStep(order);
  const run = (
    action: SimpleAction | 'assign' | 'complete' | 'rate',
    body: WoStep,
    done: () => void,
    onFieldError: (message: string, path: string) => void,
  ) =>
    step.mutate(body, {
      onSuccess: (after) => {
        notifySuccess(after.queued ? t('offline.queued') : t(doneMessage(action, after.data)));
        done();
      },
      onError: (failure) => {
        const message = fieldMessage(failure);
        if (message) return onFieldError(message, failure instanceof ApiError ? (failure.errors[0]?.path ?? '') : '');
        notifyError(failure);
        done();
      },
    });
  return { run, pending: step.isPending };
}

/** Asks before a step; a reason or a comment is typed where the step needs one. */
export function ActionDialog({
  order,
  action,
  opened,
  onClose,
}: {
  order: WoDetail;
  action: SimpleAction | null;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { run, pending } = useRunStep(order);
  const field = action ? TEXT_FIELD[action] : undefined;

  const confirm = (text: string, { fail, done }: DialogOutcome) => {
    if (!action) return;
    if (action === 'approve' || action === 'reject') {
      const parsed = makeApprovalDecisionSchema(translateMessage).safeParse(
        action === 'approve' ? { approve: true } : { approve: false, reason: text.trim() || undefined },
      );
      if (!parsed.success) return fail(firstIssue(parsed.error));
      return run(action, { action: 'approve', body: parsed.data }, done, fail);
    }
    if (field === 'reason') {
      const parsed = makeWoReasonSchema(translateMessage).safeParse({ reason: text });
      if (!parsed.success) return fail(firstIssue(parsed.error));
      return run(action, { action: action as 'decline' | 'hold' | 'unsatisfactory' | 'end', body: parsed.data }, done, fail);
    }
    if (field === 'comment') {
      const parsed = makeWoCertifySchema(translateMessage).safeParse({ comment: text });
      if (!parsed.success) return fail(firstIssue(parsed.error));
      return run(action, { action: 'certify', body: parsed.data }, done, fail);
    }
    return run(action, { action: action as 'submit' | 'accept' | 'start' | 'resume' | 'close' }, done, fail);
  };

  // "{total} NGN" in the catalogue's manner, with the reader's thousands separators.
  const total = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    order.total as Intl.StringNumericLiteral,
  );
  const params = { code: order.code, provider: order.provider.name, owner: order.owner.name, total };
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={pending}
      field={
        action && field ? { label: t(`workOrders.field.${field}`), description: t(`workOrders.${action}.hint`), required: true } : null
      }
      title={action ? t(`workOrders.${action}.title`, params) : ''}
      message={action ? t(`workOrders.${action}.message`, params) : null}
      confirmLabel={action ? t(`workOrders.${action}.confirm`) : undefined}
      confirmColor={action ? COLORS[action] : undefined}
    />
  );
}

/** The provider picks staff to add to those already assigned. */
export function AssignDialog({ order, opened, onClose }: { order: WoDetail; opened: boolean; onClose(): void }) {
  const staff = useWorkOrderStaff(order._id, opened);
  const { run, pending } = useRunStep(order);
  const confirm = (users: string[], { fail, done }: DialogOutcome) => {
    const parsed = woAssignSchema.safeParse({ users });
    if (!parsed.success) return fail(translateApiText(firstIssue(parsed.error) ?? ''));
    run('assign', { action: 'assign', body: parsed.data }, done, fail);
  };
  return (
    <AssignStaffDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      pending={pending}
      staff={staff}
      code={order.code}
      texts="workOrders"
    />
  );
}

/** The owner rates the provider 1 to 5 (which closes the work order), with an optional comment. */
export function RateDialog({ order, opened, onClose }: { order: WoDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { run, pending } = useRunStep(order);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const ratingLabel = useId();

  const done = () => {
    setRating(0);
    setComment('');
    setErrors({});
    onClose();
  };
  const confirm = () => {
    const parsed = makeRateSchema(translateMessage).safeParse({
      workOrder: order._id,
      rating: rating || undefined,
      comment: comment.trim() || undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors({ [issue?.path[0] === 'comment' ? 'comment' : 'rating']: issue?.message });
    }
    const { rating: stars, comment: text } = parsed.data;
    run('rate', { action: 'rate', body: { rating: stars, ...(text ? { comment: text } : {}) } }, done, (message, path) =>
      setErrors({ [path === 'comment' ? 'comment' : 'rating']: message }),
    );
  };

  return (
    <ConfirmModal
      opened={opened}
      onClose={pending ? () => {} : done}
      onConfirm={confirm}
      loading={pending}
      title={t('workOrders.rate.title', { provider: order.provider.name })}
      message={t('workOrders.rate.message', { code: order.code, provider: order.provider.name })}
      confirmLabel={t('workOrders.rate.confirm')}
      confirmColor="teal"
    >
      <Input.Wrapper label={t('workOrders.field.rating')} labelProps={{ id: ratingLabel }} required error={errors.rating}>
        <Group gap="sm" mt={4}>
          <StarInput
            value={rating}
            labelledBy={ratingLabel}
            onChange={(value) => {
              setRating(value);
              setErrors({});
            }}
          />
          {rating > 0 ? (
            <Text size="sm" c="dimmed">
              {t(`workOrders.rating.word.${rating}`)}
            </Text>
          ) : null}
        </Group>
      </Input.Wrapper>
      <Textarea
        label={t('workOrders.field.comment')}
        autosize
        minRows={3}
        maxLength={1000}
        value={comment}
        error={errors.comment}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          setErrors({});
        }}
      />
    </ConfirmModal>
  );
}

/**
 * 1 to 5 stars as a radio group: each star a radio named by its number and word ("4 stars, Very
 * good"), arrow keys move between them, the chosen one (or the first) takes the Tab stop.
 */
function StarInput({ value, onChange, labelledBy }: { value: number; onChange(value: number): void; labelledBy: string }) {
  const { t } = useTranslation();
  const stars = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: number) => {
    const clamped = Math.min(WO_RATINGS.length, Math.max(1, next));
    onChange(clamped);
    stars.current[clamped - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, star: number) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') choose(star + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') choose(star - 1);
    else return;
    event.preventDefault();
  };
  return (
    <Group gap={2} role="radiogroup" aria-labelledby={labelledBy} wrap="nowrap">
      {WO_RATINGS.map((star) => (
        <UnstyledButton
          key={star}
          ref={(element) => {
            stars.current[star - 1] = element;
          }}
          role="radio"
          aria-checked={value === star}
          aria-label={t('workOrders.rating.starLabel', { count: star, word: t(`workOrders.rating.word.${star}`) })}
          tabIndex={value === star || (value === 0 && star === 1) ? 0 : -1}
          onClick={() => choose(star)}
          onKeyDown={(event) => onKeyDown(event, star)}
          style={{ lineHeight: 0, padding: 2, borderRadius: 4 }}
        >
          {star <= value ? (
            <IconStarFilled size={32} color="var(--mantine-color-yellow-5)" aria-hidden />
          ) : (
            <IconStar size={32} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
        </UnstyledButton>
      ))}
    </Group>
  );
}

interface CompleteErrors {
  note?: string;
  timeSpent?: string;
  photos?: string;
  lines?: string;
  line: (LineErrors | undefined)[];
}

/** Puts a message on its field by the contract's (or the API's) path: note, timeSpent, photos, lines.2.quantity. */
function placeError(errors: CompleteErrors, path: readonly PropertyKey[], message: string): CompleteErrors {
  const [head, index, field] = path;
  if (head === 'lines' && typeof index === 'number' && typeof field === 'string') {
    const line = [...errors.line];
    line[index] = { ...line[index], [field]: { message } };
    return { ...errors, line };
  }
  if (head === 'note' || head === 'timeSpent' || head === 'photos' || head === 'lines') return { ...errors, [head]: message };
  return errors;
}

/**
 * The provider's completion: what was done, the hours it took, the parts and services used (from
 * its own pricebook, starting from the plan, or free lines) and photos.
 */
export function CompleteDialog({ order, opened, onClose }: { order: WoDetail; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const compact = useCompactLayout();
  const { run, pending } = useRunStep(order);
  const planned = () => order.lines.filter((line) => line.stage === 'planned').map(draftOf);
  const [note, setNote] = useState('');
  const [hours, setHours] = useState<number | string>('');
  const [lines, setLines] = useState<LineDraft[]>(planned);
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [errors, setErrors] = useState<CompleteErrors>({ line: [] });
  const clear = () => setErrors({ line: [] });

  const done = () => {
    setNote('');
    setHours('');
    setLines(planned());
    setPhotos([]);
    clear();
    onClose();
  };
  const confirm = () => {
    const body = {
      note,
      timeSpent: hours === '' ? undefined : Number(hours),
      lines: lines.map(lineBody),
      photos: photos.map((photo) => photo._id),
    };
    const parsed = makeWoCompleteSchema(translateMessage).safeParse(body);
    if (!parsed.success) {
      setErrors(parsed.error.issues.reduce((all, issue) => placeError(all, issue.path, issue.message), { line: [] } as CompleteErrors));
      return;
    }
    run(
      'complete',
      { action: 'complete', body: { note: parsed.data.note, timeSpent: parsed.data.timeSpent, lines: body.lines, photos: body.photos } },
      done,
      (message, path) =>
        setErrors((current) =>
          placeError(
            current,
            path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            message,
          ),
        ),
    );
  };

  return (
    <StepModal opened={opened} onClose={done} pending={pending} title={t('workOrders.complete.title', { code: order.code })} size="xl">
      <Stack gap="md">
        <Text size="sm">{t('workOrders.complete.message')}</Text>
        <Textarea
          label={t('workOrders.field.completionNote')}
          withAsterisk
          placeholder={t('workOrders.complete.notePlaceholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={4000}
          value={note}
          error={errors.note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            clear();
          }}
        />
        <NumberInput
          label={t('workOrders.field.timeSpent')}
          description={t('workOrders.complete.hoursHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          min={0}
          max={WO_MAX_HOURS}
          step={0.25}
          decimalScale={2}
          allowNegative={false}
          inputMode="decimal"
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {t('workOrders.complete.hoursUnit')}
            </Text>
          }
          rightSectionWidth={56}
          maw={compact ? undefined : 260}
          value={hours}
          error={errors.timeSpent}
          onChange={(value) => {
            setHours(value);
            clear();
          }}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('workOrders.complete.linesTitle')}
          </Text>
          <LinesEditor
            lines={lines}
            onChange={(next) => {
              setLines(next);
              clear();
            }}
            errors={errors.line}
            listError={errors.lines}
            pricebook={user ? { organisationId: user.organisation._id, name: user.organisation.name } : null}
            hint={t('workOrders.complete.linesHint')}
          />
        </Stack>
        <OfflinePhotoField
          label={t('workOrders.field.photos')}
          description={t('workOrders.complete.photosHint', { max: WO_MAX_PHOTOS })}
          multiple
          max={WO_MAX_PHOTOS}
          value={photos}
          onChange={setPhotos}
          error={errors.photos}
        />
        <DialogButtons pending={pending} onCancel={done} onConfirm={confirm} label={t('workOrders.complete.confirm')} />
      </Stack>
    </StepModal>
  );
}
