import type { PricebookItem } from '@amp/contracts/pricebook';
import { OBSERVATION_MAX_LINES } from '@amp/contracts/service-request';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBook, IconPencilPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCompactLayout } from '../data/use-compact-layout';
import type { CostLineTexts } from './cost-line-texts';
import { type CostLineValues, costLinesTotal, formatKobo } from './cost-lines';
import { PricebookPicker } from './pricebook-picker';

interface CostLinesPanelProps {
  /** The lines' values, for the total and the picker. */
  lines: readonly CostLineValues[];
  /** The lines' cards (PricebookLineCard, FreeLineCard), bound to the form as it keeps them. */
  children: ReactNode;
  texts: CostLineTexts;
  /** Above the lines. */
  hint?: ReactNode;
  /** The list's own message (too many lines). */
  listError?: string;
  /** The pricebook the lines are taken from; without one only free lines can be added. */
  pricebook: { organisationId: string; name: string } | null;
  /** Why there is no pricebook to pick from (no provider chosen yet). */
  noPricebookHint?: string;
  onPick(item: PricebookItem): void;
  onAddFree(): void;
  /** Under the total: e.g. the approval levels it needs. */
  footer?: ReactNode;
}

/**
 * The cost lines of a form around their cards: the buttons that add a line (from the pricebook or
 * free), the picker and the live total. Its parts stack in the parent's Stack.
 */
export function CostLinesPanel({
  lines,
  children,
  texts,
  hint,
  listError,
  pricebook,
  noPricebookHint,
  onPick,
  onAddFree,
  footer,
}: CostLinesPanelProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [pickerOpen, setPickerOpen] = useState(false);
  const { total, incomplete } = costLinesTotal(lines);
  const full = lines.length >= OBSERVATION_MAX_LINES;
  const quantities = new Map(lines.flatMap((line) => (line.pricebookItem ? [[line.pricebookItem, line.quantity] as const] : [])));

  return (
    <>
      {hint}
      {lines.length === 0 ? (
        <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
          <Text size="sm" c="dimmed" ta="center">
            {t(texts.none)}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">{children}</Stack>
      )}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={compact ? undefined : 520}>
        <Button variant="light" leftSection={<IconBook size={18} />} onClick={() => setPickerOpen(true)} disabled={full || !pricebook}>
          {t(texts.addFromPricebook)}
        </Button>
        <Button variant="default" leftSection={<IconPencilPlus size={18} />} onClick={onAddFree} disabled={full}>
          {t(texts.addFree)}
        </Button>
      </SimpleGrid>
      {!pricebook && noPricebookHint ? (
        <Text size="xs" c="dimmed" mt={-4}>
          {noPricebookHint}
        </Text>
      ) : null}
      <Paper radius="md" p="md" bg="var(--mantine-color-gray-0)" withBorder>
        <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
          <Stack gap={0}>
            <Text fw={600}>{t(texts.total)}</Text>
            <Text size="xs" c="dimmed">
              {incomplete ? t(texts.totalIncomplete) : t(texts.count, { count: lines.length })}
            </Text>
          </Stack>
          <Text fw={700} fz="xl" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
            {formatKobo(total)}
          </Text>
        </Group>
        {footer}
      </Paper>
      {pricebook ? (
        <PricebookPicker
          opened={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onPick={onPick}
          quantities={quantities}
          pricebook={pricebook}
          texts={texts}
        />
      ) : null}
    </>
  );
}
