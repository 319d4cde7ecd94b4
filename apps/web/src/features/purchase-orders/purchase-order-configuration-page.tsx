import { Stack, Text } from '@mantine/core';
import { ApprovalLevelsSection } from '../../components/workflow/approval-levels-section';
import { useTranslation } from '../../lib/i18n';
import { PO_APPROVAL_LEVELS } from './purchase-orders-api';

/**
 * /purchase-order/configuration: the buyer's purchase order approval levels (type `po`; docs/product.md#approval-levels
 * "Approvals are sequential by cost"), the same engine and editor as the work orders'.
 */
export default function PurchaseOrderConfigurationPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <Text size="sm" c="dimmed">
        {t('purchaseOrders.configuration.intro')}
      </Text>
      <ApprovalLevelsSection source={PO_APPROVAL_LEVELS} texts="purchaseOrders" />
    </Stack>
  );
}
