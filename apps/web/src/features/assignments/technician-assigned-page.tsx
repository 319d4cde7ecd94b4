import { AssignedList } from './assigned-list';
import { useTechnicianAssigned } from './assignments-api';

/** /asset/assigned/technician: what the caller, as a technician, has been given. */
export default function TechnicianAssignedPage() {
  return (
    <AssignedList
      base="/asset/assigned/technician"
      useItems={useTechnicianAssigned}
      emptyTitle="assignments.technician.empty"
      emptyHint="assignments.technician.emptyHint"
    />
  );
}
