import { makeStockReverseSchema, STOCK_MOVEMENT_KINDS, type StockMovementKind } from '@amp/contracts/warehouse';
import { ActionIcon, Anchor, Badge, Group, type MantineColor, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect } from '../../components/data/filter-select';
import { formatDateTime, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListEmpty } from '../../components/data/list-feedback';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { ResponsiveList } from '../../components/data/responsive-list';
import { notifyError, notifySuccess } from '../../components/data/server-errors';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { CodeLink } from '../../components/workflow/code-link';
import type { DialogOutcome } from '../../components/workflow/dialog-outcome';
import { fieldMessage } from '../../components/workflow/field-message';
import { ReasonDialog } from '../../components/workflow/reason-dialog';
import { useAuth } from '../../lib/auth';
import { type TFunction, translateMessage, useTranslation } from '../../lib/i18n';
import { signedQuantity } from './warehouse-format';
import { type StockMovement, useMovements, useReverseMovement } from './warehouses-api';

const KIND_COLORS: Record<StockMovementKind, MantineColor> = {
  stock_in: 'teal',
  stock_out: 'orange',
  transfer_out: 'violet',
  transfer_in: 'violet',
  count: 'blue',
  issue: 'orange',
  receipt: 'teal',
  opening: 'gray',
  reversal: 'red',
};

/** A badge in a table cell keeps its whole word: the cell grows rather than cut it to "RECEI…". */
const WHOLE_LABEL = { label: { overflow: 'visible' } };

/** Who reads a purchase order's page (its source documents link there only for them). */
const READS_PURCHASE_ORDERS = ['managePO', 'viewOutgoingPO', 'viewIncomingPO', 'viewCompletedPO', 'approvePO', 'confirmSupply'] as const;

/** A movement taken from a material request or a purchase order is undone there, not here; a reversal is final. */
function reversible(movement: StockMovement): boolean {
  if (movement.reversedBy || movement.kind === 'reversal') return false;
  return movement.source?.type !== 'material_request' && movement.source?.type !== 'purchase_order';
}

export function MovementKindBadge({ kind }: { kind: StockMovementKind }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={KIND_COLORS[kind]} styles={WHOLE_LABEL}>
      {t(`warehouses.kind.${kind}`)}
    </Badge>
  );
}

/** The document a movement came from: a link to a material request or a purchase order, else what it was. */
function SourceText({ movement }: { movement: StockMovement }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const source = movement.source;
  if (!source) return <Text size="sm">–</Text>;
  if (source.type === 'material_request')
    return <CodeLink to={`/material-request/${source._id}`} code={source.code ?? t('warehouses.source.material_request')} />;
  if (source.type === 'purchase_order')
    return (
      <CodeLink
        to={can([...READS_PURCHASE_ORDERS]) ? `/purchase-order/${source._id}` : null}
        code={source.code ?? t('warehouses.source.purchase_order')}
      />
    );
  if (source.type === 'movement') return <Text size="sm">{t('warehouses.source.movement', { id: source.code ?? source._id })}</Text>;
  return <Text size="sm">{t(`warehouses.source.${source.type}`)}</Text>;
}

function SignedQuantity({ quantity }: { quantity: number }) {
  return (
    <Text size="sm" fw={600} c={quantity > 0 ? 'teal.8' : 'red.8'} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {signedQuantity(quantity)}
    </Text>
  );
}

function ItemLink({ movement }: { movement: StockMovement }) {
  return (
    <Anchor component={Link} to={`/manage-warehouse/item/${movement.item._id}`} size="sm" fw={500}>
      {movement.item.name}
    </Anchor>
  );
}

interface MovementListProps {
  /** A warehouse's history (each row names its item) or one item's. */
  scope: 'warehouse' | 'item';
  id: string;
  /** The reader moves this warehouse's stock: each movement offers Reverse. */
  canReverse: boolean;
}

/**
 * A stock history, newest first: when, the item, the kind, the signed quantity, the balance after,
 * the reason, the source document and who; filtered by kind and paged in the URL. A manager may
 * undo a movement made here by its opposite, after giving a reason.
 */
export function MovementList({ scope, id, canReverse }: MovementListProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const list = useUrlListState({ filters: ['kind'] as const });
  const movements = useMovements(scope, id, { page: list.page, pageSize: list.pageSize, kind: list.filters.kind });
  const [reversing, setReversing] = useState<StockMovement | null>(null);
  const rows = movements.data?.data ?? [];
  const showItem = scope === 'warehouse';

  const reverseAction = (movement: StockMovement) =>
    canReverse && reversible(movement) ? (
      <Tooltip label={t('warehouses.movements.reverse')}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('warehouses.movements.reverseNamed', { id: movement._id })}
          onClick={() => setReversing(movement)}
        >
          <IconArrowBackUp size={18} />
        </ActionIcon>
      </Tooltip>
    ) : null;

  const empty =
    !movements.isPending && rows.length === 0 ? (
      <ListEmpty
        icon={<IconHistory size={32} stroke={1.5} />}
        title={list.narrowed ? t('warehouses.movements.noMatch') : t('warehouses.movements.empty')}
        onReset={list.narrowed ? list.resetFilters : undefined}
      />
    ) : null;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <FilterSelect
          list={list}
          filter="kind"
          label={t('warehouses.movements.kindFilter')}
          placeholder={t('warehouses.movements.allKinds')}
          searchable={false}
          data={STOCK_MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`warehouses.kind.${kind}`) }))}
        />
      </Group>
      <ResponsiveList
        query={movements}
        compact={compact}
        empty={empty}
        cardSkeleton={{ count: 4, height: 110 }}
        cards={rows.map((movement) => (
          <ListCard
            key={movement._id}
            title={
              <Stack gap={2}>
                {showItem ? <ItemLink movement={movement} /> : null}
                <Group gap={6}>
                  <MovementKindBadge kind={movement.kind} />
                  {movement.reversedBy ? <ReversedBadge /> : null}
                </Group>
              </Stack>
            }
            aside={
              <Stack gap={0} align="flex-end">
                <SignedQuantity quantity={movement.quantity} />
                <Text size="xs" c="dimmed">
                  {t('warehouses.movements.balance', { balance: formatNumber(movement.balanceAfter) })}
                </Text>
              </Stack>
            }
            actions={reverseAction(movement)}
          >
            <MovementFacts movement={movement} t={t} />
          </ListCard>
        ))}
        tableMinWidth={showItem ? 880 : 760}
        columns={(showItem ? 7 : 6) + (canReverse ? 1 : 0)}
        header={
          <>
            <Table.Th>{t('warehouses.movements.when')}</Table.Th>
            {showItem ? <Table.Th>{t('warehouses.movements.item')}</Table.Th> : null}
            <Table.Th>{t('warehouses.movements.kind')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('warehouses.movements.quantity')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('warehouses.movements.balanceAfter')}</Table.Th>
            <Table.Th>{t('warehouses.movements.reason')}</Table.Th>
            <Table.Th>{t('warehouses.movements.source')}</Table.Th>
            {canReverse ? <Table.Th>{t('data.actions')}</Table.Th> : null}
          </>
        }
        rows={rows.map((movement) => (
          <Table.Tr key={movement._id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" component="time" dateTime={movement.createdAt} display="block">
                {formatDateTime(movement.createdAt)}
              </Text>
              <Text size="xs" c="dimmed">
                {movement.by?.name ?? t('warehouses.movements.system')}
              </Text>
            </Table.Td>
            {showItem ? (
              <Table.Td>
                <ItemLink movement={movement} />
              </Table.Td>
            ) : null}
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <MovementKindBadge kind={movement.kind} />
                {movement.reversedBy ? <ReversedBadge /> : null}
              </Group>
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              <SignedQuantity quantity={movement.quantity} />
            </Table.Td>
            <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatNumber(movement.balanceAfter)}</Table.Td>
            <Table.Td style={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
              <Text size="sm">{movement.reason ?? '–'}</Text>
            </Table.Td>
            <Table.Td>
              <SourceText movement={movement} />
            </Table.Td>
            {canReverse ? <Table.Td>{reverseAction(movement)}</Table.Td> : null}
          </Table.Tr>
        ))}
      />
      <ListPaginationFooter list={list} meta={movements.data?.meta} />
      <ReverseDialog movement={reversing} onClose={() => setReversing(null)} />
    </Stack>
  );
}

function ReversedBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="gray" size="sm" styles={WHOLE_LABEL}>
      {t('warehouses.movements.reversed')}
    </Badge>
  );
}

/** A card's lines: when and who, the reason, the source document. */
function MovementFacts({ movement, t }: { movement: StockMovement; t: TFunction }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {formatDateTime(movement.createdAt)} · {movement.by?.name ?? t('warehouses.movements.system')}
      </Text>
      {movement.reason ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {movement.reason}
        </Text>
      ) : null}
      {movement.source ? (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('warehouses.movements.source')}:
          </Text>
          <SourceText movement={movement} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** Asks for the reason before a movement is undone by its opposite. */
function ReverseDialog({ movement, onClose }: { movement: StockMovement | null; onClose(): void }) {
  const { t } = useTranslation();
  const reverse = useReverseMovement();
  const confirm = (reason: string, { fail, done }: DialogOutcome) => {
    if (!movement) return;
    const parsed = makeStockReverseSchema(translateMessage).safeParse({ reason });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? null);
    reverse.mutate(
      { id: movement._id, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(t('SUPPLY.MOVEMENT_REVERSED'));
          done();
        },
        onError: (error) => {
          const message = fieldMessage(error);
          if (message) return fail(message);
          notifyError(error);
          done();
        },
      },
    );
  };
  const params = movement
    ? { quantity: formatNumber(Math.abs(movement.quantity)), item: movement.item.name, kind: t(`warehouses.kind.${movement.kind}`) }
    : {};
  return (
    <ReasonDialog
      opened={movement !== null}
      onClose={onClose}
      onConfirm={confirm}
      pending={reverse.isPending}
      field={{ label: t('warehouses.field.reason'), description: t('warehouses.reverse.hint'), required: true }}
      title={t('warehouses.reverse.title')}
      message={movement ? t('warehouses.reverse.message', params) : null}
      confirmLabel={t('warehouses.reverse.confirm')}
      confirmColor="red"
    />
  );
}
