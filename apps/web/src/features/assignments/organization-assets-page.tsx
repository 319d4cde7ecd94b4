import { AssignedList } from './assigned-list';
import { useProviderAssigned } from './assignments-api';

/** /asset/assigned: what owners have assigned to the caller's organisation, to dispatch to its technicians. */
export default function OrganizationAssetsPage() {
  return (
    <AssignedList
      base="/asset/assigned"
      useItems={useProviderAssigned}
      emptyTitle="assignments.provider.empty"
      emptyHint="assignments.provider.emptyHint"
    />
  );
}
