import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';

/**
 * /work-order/view, the menu group's own path: the reader's own list. The owner's side follows its
 * Outgoing list, a provider or technician its Incoming list; anyone else the first list they may open.
 */
export default function WorkOrderHomePage() {
  const { can, user } = useAuth();
  const owner = user?.organisation.kind === 'asset_owner';
  const order = owner ? (['outgoing', 'incoming'] as const) : (['incoming', 'outgoing'] as const);
  const first = order.find((tab) => can(tab === 'outgoing' ? 'viewOutgoingWO' : 'viewIncomingWO'));
  const to = first ?? (can('viewCompletedWO') ? 'completed' : can('approveWO') ? 'approval-requests' : null);
  return <Navigate to={to ? `/work-order/${to}` : '/dashboard'} replace />;
}
