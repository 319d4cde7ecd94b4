import { lazy, Suspense } from 'react';
import { usePortalLocation } from '../features/fault-portal/portal-location';
import PublicFaultPage from '../features/fault-portal/public-fault-page';

// The tracking page and the not-found page are not the QR label's first load.
const FaultTrackPage = lazy(() => import('../features/fault-portal/fault-track-page'));
const NotFoundPage = lazy(() => import('../components/not-found-page'));

const TRACK = /^\/report\/fault\/track(?:\/([^/]+))?\/?$/;
const REPORT = /^\/report\/fault\/([^/]+)\/?$/;

/** The portal's pages by path: /report/fault/track[/:code] and /report/fault/:ownerId (?asset=). */
export function PortalApp() {
  const location = usePortalLocation();
  const url = new URL(location, window.location.origin);
  const track = TRACK.exec(url.pathname);
  const report = track ? null : REPORT.exec(url.pathname);
  return (
    <Suspense fallback={null}>
      {track ? (
        <FaultTrackPage code={track[1] ? decodeURIComponent(track[1]) : null} />
      ) : report ? (
        <PublicFaultPage ownerId={decodeURIComponent(report[1])} assetId={url.searchParams.get('asset')} />
      ) : (
        <NotFoundPage />
      )}
    </Suspense>
  );
}
