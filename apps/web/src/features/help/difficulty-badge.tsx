import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import type { GuideDifficulty } from './guides';

const COLORS: Record<GuideDifficulty, string> = { easy: 'green', medium: 'yellow', hard: 'red' };

/** docs/product.md#help-center: a guide's difficulty, Easy, Medium or Hard. */
export function DifficultyBadge({ difficulty }: { difficulty: GuideDifficulty }) {
  const { t } = useTranslation();
  return (
    // A light badge's own text colour is too pale for WCAG AA (yellow above all): the tint tells the level, dark text reads.
    <Badge color={COLORS[difficulty]} c="dark.7" variant="light" radius="sm">
      {t(`help.difficulty.${difficulty}`)}
    </Badge>
  );
}
