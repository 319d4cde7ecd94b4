import type { MyWork, SupplierDashboard, WorkDashboard } from '@amp/contracts/dashboard';
import type { SuperAdminDashboard } from '@amp/contracts/user';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The dashboards' figures (docs/api-contract.md#categories-activities-dashboard), one call per dashboard. */
const dashboardKeys = {
  superAdmin: ['dashboard', 'super-admin'] as const,
  work: ['dashboard', 'sr-wo'] as const,
  supplier: ['dashboard', 'supplier'] as const,
  // Under the dashboard's root, so the offline layer saves it with the rest (offline/cache/saved-keys.ts).
  myWork: ['dashboard', 'my-work'] as const,
};

export function useSuperAdminDashboard() {
  return useQuery({ queryKey: dashboardKeys.superAdmin, queryFn: () => api.get<SuperAdminDashboard>('/v2/dashboard-sa') });
}

export function useWorkDashboard() {
  return useQuery({ queryKey: dashboardKeys.work, queryFn: () => api.get<WorkDashboard>('/v2/activities/dashboard/sr-wo') });
}

export function useSupplierDashboard() {
  return useQuery({ queryKey: dashboardKeys.supplier, queryFn: () => api.get<SupplierDashboard>('/v2/dashboard-supplier') });
}

/** The technician's home: their own open work, breached first (GET /v2/dashboard/my-work). */
export function useMyWork(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.myWork, queryFn: () => api.get<MyWork>('/v2/dashboard/my-work'), enabled });
}
