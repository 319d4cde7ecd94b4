import { configurationOperations } from '@amp/contracts/operations/configuration';
import type { BodyInput } from '@amp/contracts/operations/operation';
import { serviceRequestOperations as op } from '@amp/contracts/operations/service-request';
import type { PricebookItem, PricebookKind } from '@amp/contracts/pricebook';
import type { Observation, ObservationStatus, ObservationType, SrConfiguration, SrDetail } from '@amp/contracts/service-request';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CostLineBody } from '../../components/forms/cost-lines';
import type { ProviderQuery, ProviderSource } from '../../components/forms/provider-options-api';
import type { Page } from '../../lib/api';
import { call, callAnswer, callPath, type WithLines } from '../../lib/api-call';
import { assetQueryKeys } from '../../lib/queries/assets';
import { faultQueryKeys } from '../../lib/queries/faults';
import { serviceRequestQueryKeys } from '../../lib/queries/service-requests';
import { sendOrQueue } from '../../offline/outbox/send-or-queue';

/**
 * The service request forms' look-ups and calls: sending a request (or raising one from a fault),
 * submitting an observation, the sent observations and the owner's configuration
 * (packages/contracts/src/service-request.ts names each answer). After a change everything under
 * 'service-requests' is read again.
 */

export type { Observation, ObservationStatus, ObservationType, PricebookItem, PricebookKind, SrConfiguration, SrDetail };

/** What POST /v2/sr/create takes. */
export type SrSendBody = BodyInput<typeof op.send>;

/** What POST /v2/sr/fault/:faultId takes (the fault gives the description, the asset and the image). */
export type SrFromFaultBody = BodyInput<typeof op.raiseFromFault>;

/** One line of POST /v2/observation/create/:srId: from the pricebook (its price is taken then), or free. */
export type ObservationLineBody = CostLineBody;

/**
 * What POST /v2/observation/create/:srId takes, as the form sends it: a type or a time left empty
 * goes as it is, for the API to answer its "required" message on that field.
 */
export type ObservationBody = Omit<WithLines<BodyInput<typeof op.observe>, ObservationLineBody>, 'type' | 'timeToComplete'> & {
  type: ObservationType | '';
  timeToComplete: number | string;
};

/** What POST /v2/configuration/create and PUT /v2/configuration/update/:id take. */
export interface SrConfigurationBody {
  codePrefix: string;
  notOkayNeedsEvidence: boolean;
  notOkayNeedsLine: boolean;
  autoCloseDays: number | null;
}

export const srFormKeys = {
  providers: (query: ProviderQuery) => [...serviceRequestQueryKeys.all, 'providers', query] as const,
  configuration: [...serviceRequestQueryKeys.all, 'configuration'] as const,
  sentObservations: (query: Record<string, string | number | undefined>) =>
    [...serviceRequestQueryKeys.all, 'observations', 'sent', query] as const,
};

/** The providers the send form offers (GET /v2/sr/providers): the holder of the asset first, with the SLA that would be copied. */
export const SR_PROVIDERS: ProviderSource = { operation: op.providers, queryKey: srFormKeys.providers };

/** After a request is sent or raised: the request lists, the faults (one is converted) and the assets' markers. */
function useRefreshAfterSend() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: faultQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: assetQueryKeys.all });
  };
}

/** POST /v2/sr/create. */
export function useSendServiceRequest() {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: (body: SrSendBody) => call(op.send, { body }),
    onSuccess: refresh,
  });
}

/** POST /v2/sr/fault/:faultId; a 409 (someone decided the fault first) refreshes too. */
export function useRaiseFromFault(faultId: string) {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: (body: SrFromFaultBody) => call(op.raiseFromFault, { params: { faultId }, body }),
    onSettled: refresh,
  });
}

/**
 * POST /v2/observation/create/:srId: answers with the request. Through the outbox: offline the
 * observation (with its photos) is kept on the device and sent when the device is online (`queued`).
 */
export function useSubmitObservation(sr: Pick<SrDetail, '_id' | 'code' | 'updatedAt'>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused while offline (the default): offline the outbox keeps the observation.
    networkMode: 'always',
    mutationFn: (body: ObservationBody) =>
      sendOrQueue<SrDetail>({
        kind: 'sr.observation',
        description: { code: sr.code },
        method: 'POST',
        path: callPath(op.observe, { id: sr._id }),
        body,
        record: { type: 'sr', id: sr._id, code: sr.code, updatedAt: sr.updatedAt },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all }),
  });
}

/** GET /v2/observation/sent: the observations the caller's organisation (a technician: they) sent. */
export function useSentObservations(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: srFormKeys.sentObservations(query),
    queryFn: (): Promise<Page<Observation>> => callAnswer(op.sentObservations, { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/configuration/created/sr: the owner's configuration (the defaults, `_id` null, until one is saved). */
export function useSrConfiguration() {
  return useQuery({ queryKey: srFormKeys.configuration, queryFn: () => call(configurationOperations.serviceRequest) });
}

/**
 * Creates the configuration (no `_id` yet) or changes it; a 409 (changed elsewhere) reads it again.
 * The API answers the configuration of the type sent: a service request's here.
 */
export function useSaveSrConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SrConfigurationBody }) =>
      (id
        ? call(configurationOperations.update, { params: { id }, body: { type: 'sr', ...body } })
        : call(configurationOperations.create, { body: { type: 'sr', ...body } })) as Promise<SrConfiguration>,
    onSuccess: (saved) => queryClient.setQueryData(srFormKeys.configuration, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceRequestQueryKeys.all }),
  });
}
