/** A reference as a stored request carries it: its `name`, and its code under `assetID` or `clusterID`. */
type CodedRef = Readonly<Record<string, string>>;

/** A stored request's subject in words: its asset with the code, or the whole cluster as the page words it (`wholeCluster`). */
export function subjectText(
  subject: { asset: CodedRef | null; cluster: CodedRef | null },
  wholeCluster: (clusterLabel: string) => string,
): string {
  if (subject.asset) return `${subject.asset.name} (${subject.asset.assetID})`;
  return subject.cluster ? wholeCluster(`${subject.cluster.name} (${subject.cluster.clusterID})`) : '–';
}
