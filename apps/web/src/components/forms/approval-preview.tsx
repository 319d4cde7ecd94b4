import { type ApprovalLevel, levelsFor } from '@amp/contracts/approval';
import { Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { formatNaira } from '../data/format';

/** Where a document type keeps the preview's words (`form.noApproval`, `form.aboveHighest`, `form.approvalNeeded`, ...). */
export type ApprovalPreviewTexts = 'workOrders' | 'purchaseOrders';

export type ApprovalPreviewState =
  | { kind: 'unknown' }
  | { kind: 'none' }
  | { kind: 'levels'; levels: ApprovalLevel[] }
  | { kind: 'above'; highest: ApprovalLevel };

/**
 * Which approval levels a total will need (`levelsFor`, the API's own rule), from the levels once
 * read; without them (not readable by the reader, or still loading) it stays unknown.
 */
export function approvalPreviewOf(levels: readonly ApprovalLevel[] | undefined, totalKobo: bigint): ApprovalPreviewState {
  if (!levels) return { kind: 'unknown' };
  const applying = levelsFor(levels, Number(totalKobo));
  if (applying === undefined) {
    const highest = [...levels].sort((a, b) => b.order - a.order)[0] as ApprovalLevel;
    return { kind: 'above', highest };
  }
  return applying.length === 0 ? { kind: 'none' } : { kind: 'levels', levels: applying };
}

/** Under a form's total: the levels it will climb, none, or that it is above the highest (and cannot be submitted). */
export function ApprovalPreview({
  preview,
  incomplete,
  texts,
}: {
  preview: ApprovalPreviewState;
  /** A line cannot be priced yet, so the total may still grow. */
  incomplete: boolean;
  texts: ApprovalPreviewTexts;
}) {
  const { t } = useTranslation();
  if (preview.kind === 'unknown') return null;
  return (
    <Box mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {preview.kind === 'none' ? (
        <Text size="sm" c="dimmed">
          {t(`${texts}.form.noApproval`)}
        </Text>
      ) : preview.kind === 'above' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          {t(`${texts}.form.aboveHighest`, { level: preview.highest.name, max: formatNaira(preview.highest.maxAmount) })}
        </Alert>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t(`${texts}.form.approvalNeeded`, { count: preview.levels.length })}
          </Text>
          <Group gap={6} wrap="wrap">
            {preview.levels.map((level, index) => (
              <Group key={level._id} gap={6} wrap="nowrap">
                {index > 0 ? <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-hidden /> : null}
                <Badge variant="light" color="orange" size="lg" tt="none" fw={500}>
                  {t(`${texts}.form.levelUpTo`, { name: level.name, max: formatNaira(level.maxAmount) })}
                </Badge>
              </Group>
            ))}
          </Group>
          {incomplete ? (
            <Text size="xs" c="dimmed">
              {t(`${texts}.form.previewIncomplete`)}
            </Text>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
