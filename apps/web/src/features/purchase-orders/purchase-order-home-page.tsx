import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';

/**
 * /purchase-order/view, the menu group's own path: the reader's own list. A supplier follows its
 * Incoming list, a buyer its Outgoing list; anyone else the first entry they may open.
 */
export default function PurchaseOrderHomePage() {
  const { can, user } = useAuth();
  const supplier = user?.organisation.kind === 'supplier';
  const entries = [
    supplier ? 'incoming' : 'outgoing',
    supplier ? 'outgoing' : 'incoming',
    'completed',
    'approval',
    'confirmation/supply',
    'configuration',
  ] as const;
  const rules = {
    outgoing: 'viewOutgoingPO',
    incoming: 'viewIncomingPO',
    completed: 'viewCompletedPO',
    approval: 'approvePO',
    'confirmation/supply': 'confirmSupply',
    configuration: 'poConfiguration',
  } as const;
  const to = entries.find((entry) => can(rules[entry]));
  return <Navigate to={to ? `/purchase-order/${to}` : '/dashboard'} replace />;
}
