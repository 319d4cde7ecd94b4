import type { ApprovalDocumentType, ApprovalLevel, approverOptionSchema } from '@amp/contracts/approval';
import { approvalOperations as op } from '@amp/contracts/operations/approval';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api-call';

/**
 * An organisation's approval levels of one document type (GET/POST /v2/approval/...), as the work
 * order and purchase order configuration pages and forms read them. The levels live under the
 * document's own query root ('work-orders', 'purchase-orders'), so a change to a level refreshes
 * that document's lists and previews too.
 */

export type { ApprovalLevel };
export type ApproverOption = z.infer<typeof approverOptionSchema>;

/** Whose levels: the document type and the query root its pages read under. */
export interface ApprovalLevelsSource {
  type: ApprovalDocumentType;
  root: string;
}

/** What POST /v2/approval/create/:type and /v2/approval/update/:id take; the maximum is naira as typed ("250,000.50"). */
export type ApprovalLevelBody = BodyInput<typeof op.createLevel>;

export const approvalLevelKeys = (source: ApprovalLevelsSource) => ({
  levels: [source.root, 'approval-levels'] as const,
  approvers: [source.root, 'approval-levels', 'approvers'] as const,
  settings: [source.root, 'approval-levels', 'settings'] as const,
});

const byOrder = (levels: ApprovalLevel[]) => [...levels].sort((a, b) => a.order - b.order);

/** GET /v2/approval/:type: the levels, in order, with their approvers (`enabled` false: not asked, e.g. for who may not read them). */
export function useApprovalLevels(source: ApprovalLevelsSource, enabled = true) {
  return useQuery({
    queryKey: approvalLevelKeys(source).levels,
    queryFn: async () => byOrder(await call(op.levels, { params: { type: source.type } })),
    enabled,
  });
}

/** GET /v2/approval/approvers/:type: the active staff who may approve (or admins); asked while the level form is open. */
export function useApproverOptions(source: ApprovalLevelsSource, enabled: boolean) {
  return useQuery({
    queryKey: approvalLevelKeys(source).approvers,
    queryFn: () => call(op.approvers, { params: { type: source.type } }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Adds a level (no id) or changes one. Both answer every level, which replace the table at once;
 * a failure (another admin changed the levels first) reads them again.
 */
export function useSaveApprovalLevel(source: ApprovalLevelsSource) {
  const queryClient = useQueryClient();
  const keys = approvalLevelKeys(source);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ApprovalLevelBody }) =>
      id ? call(op.updateLevel, { params: { id }, body }) : call(op.createLevel, { params: { type: source.type }, body }),
    onSuccess: (levels) => queryClient.setQueryData(keys.levels, byOrder(levels)),
    onError: () => queryClient.invalidateQueries({ queryKey: keys.levels }),
  });
}

/** POST /v2/approval/delete/:id; answers the catalogue's message. */
export function useDeleteApprovalLevel(source: ApprovalLevelsSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(op.deleteLevel, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalLevelKeys(source).levels }),
  });
}

/** GET /v2/approval/settings/:type: whether a second person must always approve. */
export function useApprovalSettings(source: ApprovalLevelsSource) {
  return useQuery({
    queryKey: approvalLevelKeys(source).settings,
    queryFn: () => call(op.settings, { params: { type: source.type } }),
  });
}

/** PUT /v2/approval/settings/:type; the documents' details (who may approve) are read again. */
export function useSaveApprovalSettings(source: ApprovalLevelsSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireSecondPerson: boolean) => call(op.saveSettings, { params: { type: source.type }, body: { requireSecondPerson } }),
    onSuccess: (settings) => queryClient.setQueryData(approvalLevelKeys(source).settings, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [source.root] }),
  });
}
