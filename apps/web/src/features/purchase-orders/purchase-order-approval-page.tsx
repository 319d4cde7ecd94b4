import { ApprovalRequestsList } from '../../components/workflow/approval-requests-list';
import { useTranslation } from '../../lib/i18n';
import { PoStatusBadge, WarehouseLine } from './po-badges';
import { type PoApprovalRow, type PoDetail, useDecidePoApproval, usePoApprovals, usePoCounts } from './purchase-orders-api';

/**
 * /purchase-order/approval: the purchase orders whose pending level the reader approves ("Awaiting
 * Approval", with Approve and Reject at hand), then those they approved ("Approved by me") with
 * where each stands now, in one list as the API gives them.
 */
export default function PurchaseOrderApprovalPage() {
  const { t } = useTranslation();
  const counts = usePoCounts();
  return (
    <ApprovalRequestsList<PoApprovalRow>
      texts="purchaseOrders"
      splitViews={false}
      useRows={usePoApprovals}
      awaitingCount={counts.data?.approvals}
      useDecide={useDecidePoApproval}
      detailHref={(row) => `/purchase-order/${row._id}`}
      subject={(row) => <WarehouseLine name={row.warehouse.name} />}
      party={{
        column: t('purchaseOrders.party.supplier'),
        line: (row) => t('purchaseOrders.list.partyLine', { party: t('purchaseOrders.party.supplier'), name: row.supplier.name }),
        name: (row) => row.supplier.name,
      }}
      state={(row) => <PoStatusBadge status={row.status} size="sm" />}
      decisionParams={(row) => ({ supplier: row.supplier.name })}
      // The last level's approval sends it: said as the supplier having it.
      decided={(approve, after) => (!approve ? 'PO.REJECTED' : (after as PoDetail).status === 'sent' ? 'PO.SENT' : 'PO.APPROVED')}
    />
  );
}
