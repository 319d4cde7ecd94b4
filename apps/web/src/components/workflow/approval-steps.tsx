import type { ApprovalStep, ApprovalStepStatus } from '@amp/contracts/approval';
import { Badge, Group, type MantineColor, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { formatDateTime, formatNaira } from '../data/format';

/** Where a document type keeps the words of its approval steps (`approvals.upTo`, `approvals.label.*`, `approvals.status.*`, ...). */
export type ApprovalStepTexts = 'workOrders' | 'purchaseOrders';

export const STEP_COLORS: Record<ApprovalStepStatus, MantineColor> = {
  waiting: 'gray',
  pending: 'orange',
  approved: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

interface ApprovalStepsProps {
  steps: readonly ApprovalStep[];
  /** Said when there are none (not submitted yet, or none needed). */
  empty: string;
  texts: ApprovalStepTexts;
  /** The reader, whose own approval is labelled "Approved by me". */
  myId: string | undefined;
}

/** A document's approval steps in order: each level's maximum and approvers, who decided when, "Approved by me" or awaiting. */
export function ApprovalSteps({ steps, empty, texts, myId }: ApprovalStepsProps) {
  const { t } = useTranslation();
  if (steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {steps.map((step) => {
        // The labels of docs/product.md#approval-levels: the reader's own approval, and the step waiting.
        const label =
          step.status === 'approved' && step.decidedBy?._id === myId ? 'approved' : step.status === 'pending' ? 'awaiting' : null;
        return (
          <Paper
            key={step._id}
            withBorder
            radius="md"
            p="sm"
            style={step.status === 'pending' ? { borderColor: 'var(--mantine-color-orange-5)', borderWidth: 2 } : undefined}
          >
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
                <ThemeIcon variant="light" color={STEP_COLORS[step.status]} radius="xl" size="md" aria-hidden>
                  {step.status === 'approved' ? (
                    <IconCircleCheck size={16} />
                  ) : step.status === 'rejected' ? (
                    <IconX size={16} />
                  ) : (
                    <Text size="xs" fw={700}>
                      {step.order}
                    </Text>
                  )}
                </ThemeIcon>
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="wrap" align="baseline">
                    <Text size="sm" fw={600}>
                      {step.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`${texts}.approvals.upTo`, { max: formatNaira(step.maxAmount) })}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t(`${texts}.approvals.approvers`, { names: step.approvers.map((approver) => approver.name).join(', ') || '–' })}
                  </Text>
                  {step.decidedAt ? (
                    <Text size="xs">
                      {t(step.status === 'rejected' ? `${texts}.approvals.rejectedBy` : `${texts}.approvals.approvedBy`, {
                        name: step.decidedBy?.name ?? '–',
                        time: formatDateTime(step.decidedAt),
                      })}
                      {step.selfApproved ? ` · ${t(`${texts}.approvals.selfApproved`)}` : ''}
                    </Text>
                  ) : step.status === 'pending' && step.askedAt ? (
                    <Text size="xs" c="dimmed">
                      {t(`${texts}.approvals.askedAt`, { time: formatDateTime(step.askedAt) })}
                    </Text>
                  ) : null}
                  {step.reason ? (
                    <Text size="xs" c="red.8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {step.reason}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
              <Group gap={6}>
                {label ? (
                  <Badge
                    variant="light"
                    color={label === 'awaiting' ? 'orange' : 'teal'}
                    c={label === 'awaiting' ? '#b33d0c' : undefined}
                    leftSection={label === 'awaiting' ? <IconClock size={12} aria-hidden /> : <IconCheck size={12} aria-hidden />}
                  >
                    {t(`${texts}.approvals.label.${label}`)}
                  </Badge>
                ) : (
                  <Badge variant="outline" color={STEP_COLORS[step.status]}>
                    {t(`${texts}.approvals.status.${step.status}`)}
                  </Badge>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
