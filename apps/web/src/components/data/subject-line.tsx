import { Text } from '@mantine/core';
import { CodeText } from '../code-text';

/** A reference as the lists carry it: its `name`, and its code under `assetID` or `clusterID`. */
type CodedRef = Readonly<Record<string, string>>;

interface SubjectLineProps {
  /** What the record is about: one asset, or else a whole cluster. */
  asset: CodedRef | null;
  cluster: CodedRef | null;
  /** The cluster's name as the page words it ("Whole cluster Ikeja"). */
  clusterText(name: string): string;
}

/** The asset (with its code) or the whole cluster a request or work order is about, as one dimmed line. */
export function SubjectLine({ asset, cluster, clusterText }: SubjectLineProps) {
  const subject = asset
    ? { name: asset.name, code: asset.assetID }
    : cluster
      ? { name: clusterText(cluster.name), code: cluster.clusterID }
      : null;
  if (!subject) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {subject.name}{' '}
      <CodeText fz="xs" c="dimmed">
        {subject.code}
      </CodeText>
    </Text>
  );
}
