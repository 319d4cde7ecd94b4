import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { CodeText } from '../code-text';

/** A reference as the API sends it: `_id`, `name`, and its code under `assetID` or `clusterID`. */
type CodedRef = Readonly<Record<string, string>>;

/** What a service request or a work order is about, and the sides the reader is on. */
interface Subject {
  parties: readonly string[];
  asset: CodedRef | null;
  cluster: CodedRef | null;
}

/** The asset pages the reader may open: the owner's, the provider's or the technician's. */
function usePageBase(subject: Subject): { asset: string; cluster: string } | null {
  const { can } = useAuth();
  if (subject.parties.includes('owner') && can('viewAsset')) return { asset: '/asset/asset-list/', cluster: '/asset/cluster/' };
  if (subject.parties.includes('provider') && can('viewOrganizationAssignedAsset')) {
    return { asset: '/asset/assigned/asset/', cluster: '/asset/assigned/cluster/' };
  }
  if (can('viewTechAssignedAsset')) return { asset: '/asset/assigned/technician/asset/', cluster: '/asset/assigned/technician/cluster/' };
  return null;
}

/** The asset and the cluster under a record's title, each with its code, linked where the reader may open them. */
export function SubjectLinks({ subject, inClusterText }: { subject: Subject; inClusterText: string }) {
  const base = usePageBase(subject);
  const { asset, cluster } = subject;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {asset ? (
        <>
          <MaybeLink to={base ? `${base.asset}${asset._id}` : null}>{asset.name}</MaybeLink>{' '}
          <CodeText fz="xs" c="dimmed">
            {asset.assetID}
          </CodeText>
        </>
      ) : null}
      {asset && cluster ? ' · ' : null}
      {cluster ? (
        <>
          {inClusterText} <MaybeLink to={base ? `${base.cluster}${cluster._id}` : null}>{cluster.name}</MaybeLink>{' '}
          <CodeText fz="xs" c="dimmed">
            {cluster.clusterID}
          </CodeText>
        </>
      ) : null}
    </Text>
  );
}

function MaybeLink({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? (
    <Anchor component={Link} to={to} fw={500} size="sm">
      {children}
    </Anchor>
  ) : (
    <Text span fw={500} size="sm">
      {children}
    </Text>
  );
}
