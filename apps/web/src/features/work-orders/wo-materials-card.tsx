import type { WoStatus } from '@amp/contracts/work-order';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPackageExport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNaira } from '../../components/data/format';
import { CodeLink } from '../../components/workflow/code-link';
import { DetailCard } from '../../components/workflow/detail-card';
import { FactBlock, FactLabel } from '../../components/workflow/fact';
import { MrStatusBadge } from '../../components/workflow/mr-status-badge';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import type { WoDetail } from './work-orders-api';

/** Who asks a warehouse for materials and opens the requests (the material request pages' rule). */
const REQUESTS_MATERIALS = ['manageWO', 'manageWarehouse', 'viewWarehouse'] as const;
/** While the provider works on it, parts may be asked for. */
const WORKING: readonly WoStatus[] = ['accepted', 'assigned', 'in_progress', 'on_hold'];

/**
 * The parts issued for a work order from the warehouses (they count towards its cost) and its
 * material requests; the provider's staff ask for more from here.
 */
export function WoMaterialsCard({ order }: { order: WoDetail }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const opens = can(REQUESTS_MATERIALS);
  const requests = opens && (order.parties.includes('provider') || order.parties.includes('assignee')) && WORKING.includes(order.status);
  // Both sides see the parts issued and the requests for them (docs/product.md "Cost of a work order").
  if (!requests && order.materialRequests.length === 0 && order.materialsKobo === 0) return null;
  return (
    <DetailCard title={t('workOrders.materials.title')}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <FactLabel>{t('workOrders.materials.cost')}</FactLabel>
          <Text fz="xl" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatNaira(order.materials)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('workOrders.materials.costHint')}
          </Text>
        </Stack>
        {requests ? (
          <Button
            component={Link}
            to={`/material-request/new?workOrder=${order._id}`}
            variant="light"
            leftSection={<IconPackageExport size={18} />}
          >
            {t('workOrders.materials.request')}
          </Button>
        ) : null}
      </Group>
      <FactBlock label={t('workOrders.materials.requests')} empty={t('workOrders.materials.none')}>
        {order.materialRequests.length > 0 ? (
          <Group gap="md" wrap="wrap">
            {order.materialRequests.map((request) => (
              <Group key={request._id} gap={6} wrap="nowrap">
                <CodeLink to={opens ? `/material-request/${request._id}` : null} code={request.code} />
                <MrStatusBadge status={request.status} size="sm" />
              </Group>
            ))}
          </Group>
        ) : null}
      </FactBlock>
    </DetailCard>
  );
}
