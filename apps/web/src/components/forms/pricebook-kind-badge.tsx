import type { PricebookKind } from '@amp/contracts/pricebook';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';

const KIND_COLORS: Record<PricebookKind, string> = { service: 'blue', spare_part: 'grape', product: 'cyan' };

/** A pricebook item's kind; `kinds` is where the kinds' names sit in the catalogue (`${kinds}.service`). */
export function PricebookKindBadge({ kind, kinds }: { kind: PricebookKind; kinds: string }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={KIND_COLORS[kind]}>
      {t(`${kinds}.${kind}`)}
    </Badge>
  );
}
