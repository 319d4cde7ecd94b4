import { dashboardOperations as op } from '@amp/contracts/operations/dashboard';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-call';

/** The dashboards' figures (docs/api-contract.md#categories-activities-dashboard), one call per dashboard. */
const dashboardKeys = {
  superAdmin: ['dashboard', 'super-admin'] as const,
  work: ['dashboard', 'sr-wo'] as const,
  supplier: ['dashboard', 'supplier'] as const,
  // Under the dashboard's root, so the offline layer saves it with the rest (offline/cache/saved-keys.ts).
  myWork: ['dashboard', 'my-work'] as const,
};

export function useSuperAdminDashboard() {
  return useQuery({ queryKey: dashboardKeys.superAdmin, queryFn: () => call(op.superAdmin) });
}

export function useWorkDashboard() {
  return useQuery({ queryKey: dashboardKeys.work, queryFn: () => call(op.work) });
}

export function useSupplierDashboard() {
  return useQuery({ queryKey: dashboardKeys.supplier, queryFn: () => call(op.supplier) });
}

/** The technician's home: their own open work, breached first (GET /v2/dashboard/my-work). */
export function useMyWork(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.myWork, queryFn: () => call(op.myWork), enabled });
}
