import { PRICEBOOK_KINDS } from '@amp/contracts/pricebook';
import { OBSERVATION_MAX_QUANTITY } from '@amp/contracts/service-request';
import {
  ActionIcon,
  Badge,
  Grid,
  Group,
  NumberInput,
  type NumberInputProps,
  Paper,
  Select,
  type SelectProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { IconPencilPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import type { CostLineTexts } from './cost-line-texts';
import { type CostLineValues, formatKobo } from './cost-lines';
import type { InputBinding } from './input-binding';
import { ItemName } from './item-name';
import { PricebookKindBadge } from './pricebook-kind-badge';

interface LineCardProps {
  texts: CostLineTexts;
  /** The line's total in kobo; null while it cannot be priced. */
  total: bigint | null;
  /** The line's name, for its remove button. */
  name: string;
  onRemove(): void;
  quantity: InputBinding<NumberInputProps>;
}

/** A line taken from a pricebook: the item as the book has it; only its quantity is typed. */
export function PricebookLineCard({
  item,
  itemError,
  ...card
}: LineCardProps & { item: NonNullable<CostLineValues['item']>; itemError?: string }) {
  const { t } = useTranslation();
  const { texts } = card;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <ItemName name={item.name} />
            <Group gap={6} wrap="wrap">
              {item.kind ? <PricebookKindBadge kind={item.kind} kinds={texts.kinds} /> : null}
              <Text size="xs" c="dimmed">
                {item.unit ? t(texts.pricePerUnit, { price: formatKobo(item.priceKobo), unit: item.unit }) : formatKobo(item.priceKobo)}
              </Text>
            </Group>
          </Stack>
          <RemoveLineButton {...card} />
        </Group>
        {itemError ? (
          <Text size="xs" c="red" role="alert">
            {itemError}
          </Text>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="sm" wrap="nowrap">
          <div style={{ maxWidth: 140 }}>
            <QuantityInput {...card} />
          </div>
          <LineTotal {...card} />
        </Group>
      </Stack>
    </Paper>
  );
}

export interface FreeLineInputs {
  name: InputBinding<TextInputProps>;
  kind: InputBinding<SelectProps>;
  unit: InputBinding<TextInputProps>;
  price: InputBinding<TextInputProps>;
}

/** A free line: its name, kind, unit, price in naira and quantity, all typed. */
export function FreeLineCard({ inputs, ...card }: LineCardProps & { inputs: FreeLineInputs }) {
  const { t } = useTranslation();
  const { texts } = card;
  return (
    <Paper withBorder radius="md" p="sm" style={{ borderColor: 'var(--mantine-color-yellow-4)' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color="yellow" c="#7a5a00" leftSection={<IconPencilPlus size={12} aria-hidden />}>
            {t(texts.freeLine)}
          </Badge>
          <RemoveLineButton {...card} />
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t(texts.name)} withAsterisk maxLength={150} {...inputs.name} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Select
              label={t(texts.kind)}
              placeholder={t(texts.chooseKind)}
              clearable
              data={PRICEBOOK_KINDS.map((kind) => ({ value: kind, label: t(`${texts.kinds}.${kind}`) }))}
              {...inputs.kind}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label={t(texts.unit)} placeholder={t(texts.unitPlaceholder)} maxLength={30} {...inputs.unit} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t(texts.price)}
              withAsterisk
              inputMode="decimal"
              leftSection={
                <Text size="sm" c="dimmed" aria-hidden>
                  ₦
                </Text>
              }
              placeholder="0.00"
              autoComplete="off"
              {...inputs.price}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <QuantityInput {...card} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group justify="flex-end" align="flex-end" h="100%">
              <LineTotal {...card} />
            </Group>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}

function QuantityInput({ texts, quantity }: LineCardProps) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t(texts.quantity)}
      withAsterisk
      min={1}
      max={OBSERVATION_MAX_QUANTITY}
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      {...quantity}
    />
  );
}

function LineTotal({ texts, total }: LineCardProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {t(texts.lineTotal)}
      </Text>
      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
        {total === null ? '–' : formatKobo(total)}
      </Text>
    </Stack>
  );
}

function RemoveLineButton({ texts, name, onRemove }: LineCardProps) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t(texts.remove, { name })}>
      <IconTrash size={18} />
    </ActionIcon>
  );
}
