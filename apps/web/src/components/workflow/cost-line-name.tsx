import type { PricebookKind } from '@amp/contracts/pricebook';
import { Badge, Group, Stack } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { ItemName } from '../forms/item-name';
import { PricebookKindBadge } from '../forms/pricebook-kind-badge';

interface CostLineNameProps {
  line: { name: string; kind: PricebookKind | null; free: boolean; brand?: string | null; model?: string | null };
  /** Where the document type keeps the kinds' names (`kind.<kind>`) and the free line's mark (`lines.freeLine`). */
  texts: 'workOrders' | 'purchaseOrders';
}

/** A stored cost line's name (with its brand and model) marked with its kind and, for a free line, that it is not the pricebook's price. */
export function CostLineName({ line, texts }: CostLineNameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <ItemName name={line.name} brand={line.brand} model={line.model} />
      <Group gap={6} wrap="wrap">
        {line.kind ? <PricebookKindBadge kind={line.kind} kinds={`${texts}.kind`} /> : null}
        {line.free ? (
          <Badge size="xs" variant="light" color="yellow" c="#7a5a00">
            {t(`${texts}.lines.freeLine`)}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}
