import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { allows } from '../../lib/pages';
import { SENDS_SERVICE_REQUESTS } from './service-requests-pages';
import SendServiceRequestPage from './sr-send-page';

/**
 * /service-request: the Send Service Request form for those who may send one (the owner's side);
 * a provider or technician, who holds viewSR but has nothing to send, lands on its Incoming list.
 */
export default function ServiceRequestHomePage() {
  const { can } = useAuth();
  if (allows(SENDS_SERVICE_REQUESTS, can)) return <SendServiceRequestPage />;
  return <Navigate to="/service-request/incoming" replace />;
}
