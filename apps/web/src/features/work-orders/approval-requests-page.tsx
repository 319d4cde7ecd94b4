import type { WoApprovalState } from '@amp/contracts/work-order';
import { Badge } from '@mantine/core';
import { SubjectLine } from '../../components/data/subject-line';
import { ApprovalRequestsList } from '../../components/workflow/approval-requests-list';
import { WHOLE_WORD_BADGE_STYLES } from '../../components/workflow/whole-word-badge';
import { useTranslation } from '../../lib/i18n';
import { useDecideWoApproval, useWoApprovalCount, useWoApprovals, type WoApprovalRow } from './work-order-admin-api';

const APPROVAL_COLORS: Record<WoApprovalState, string> = { none: 'gray', pending: 'orange', approved: 'teal', rejected: 'red' };

/**
 * /work-order/approval-requests: the work orders whose pending step the reader may approve
 * ("Awaiting Approval"), each with Approve and Reject at hand, and those they approved ("Approved
 * by me"), with where their approval stands now.
 */
export default function ApprovalRequestsPage() {
  const { t } = useTranslation();
  const awaitingCount = useWoApprovalCount();
  return (
    <ApprovalRequestsList<WoApprovalRow>
      texts="woAdmin"
      splitViews
      useRows={useWoApprovals}
      awaitingCount={awaitingCount.data}
      useDecide={useDecideWoApproval}
      detailHref={(row) => `/work-order/view/${row._id}`}
      subject={(row) => (
        <SubjectLine asset={row.asset} cluster={row.cluster} clusterText={(name) => t('woAdmin.approvals.cluster', { name })} />
      )}
      party={{
        column: t('woAdmin.approvals.column.provider'),
        line: (row) => t('woAdmin.approvals.providerLine', { name: row.provider.name }),
        name: (row) => row.provider.name,
      }}
      state={(row) => <ApprovalState state={row.approval} />}
      decisionParams={(row) => ({ provider: row.provider.name })}
      decided={(approve) => (approve ? 'APPROVAL.APPROVED' : 'APPROVAL.REJECTED')}
    />
  );
}

function ApprovalState({ state }: { state: WoApprovalState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={APPROVAL_COLORS[state]} size="sm" tt="none" styles={WHOLE_WORD_BADGE_STYLES}>
      {t(`woAdmin.approvals.state.${state}`)}
    </Badge>
  );
}
