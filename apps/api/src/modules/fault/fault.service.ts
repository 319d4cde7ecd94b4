import { randomBytes, randomUUID } from 'node:crypto';
import type { Language } from '@amp/contracts/account';
import type { FaultConversion, FaultEditInput, FaultReported, FaultReportInput, FaultSource, FaultStatus } from '@amp/contracts/fault';
import { formatMessage } from '@amp/contracts/messages';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { takeStep as runStep } from '../../kernel/step-runner.js';
import type { Actor } from '../../lib/effects.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limit.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { hasActivityOf } from '../activity/activity.public.js';
import { changeOpenFaultCount } from '../asset/asset.public.js';
import { findLiveAssignmentOfAsset } from '../assignment/assignment.public.js';
import { attachFiles, filesAttachable } from '../file/file.public.js';
import { findLga, stateExists } from '../reference/reference.public.js';
import { FAULT, faultPath } from './fault.kind.js';
import { closedMail, fixedMail, trackingMail, trackPath } from './fault.mail.js';
import { faultReporterSide } from './fault.parties.js';
import {
  addReportToOpenFault,
  findFaultFacts,
  findVisibleFault,
  insertFaultWithReport,
  portalReporters,
  reporterUsers,
  updateFirstReport,
} from './fault.repository.js';
import { type FormAssetRow, findActiveOwner, findFormAsset, findPortalAsset } from './fault-lookup.repository.js';

/** Portal reports per IP and hour (the issue: e.g. 10 an hour): a crew on one phone can report a site, a bot cannot flood an owner. */
export const REPORT_LIMIT = { max: 10, windowSeconds: 60 * 60 };

/** Crockford's base32 (no I, L, O, U): read aloud and typed from a mail without mix-ups. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** FLT- and 8 random characters (40 bits): one code tells nothing of another, and guessing one is hopeless. */
export function newFaultCode(): string {
  return `FLT-${[...randomBytes(8)].map((byte) => CROCKFORD[byte & 31]).join('')}`;
}

const invalid = (path: string) => invalidField(path, 'AUTH.VALIDATION.INVALID_FIELD');
const IMAGE_FIELD = { path: 'document', label: 'Document' };
const assetLabel = (asset: { name: string; assetCode: string }) => `${asset.name} (${asset.assetCode})`;

/** The state and LGA as the form sends them, checked against the reference data (400 on the field otherwise). */
async function placeOf(db: Db, input: Pick<FaultReportInput, 'state' | 'lga'>) {
  const state = input.state?.alias.toLowerCase() ?? null;
  if (state && !(await stateExists(db, state))) throw invalid('state');
  if (input.lga && !state) throw invalid('lga');
  const lga = (input.lga && state ? await findLga(db, state, input.lga) : null) ?? null;
  if (input.lga && !lga) throw invalid('lga');
  return { state, lga };
}

/** The cluster, when sent, must be the asset's (the form's cascade); anything else is a wrong field, never a hint. */
function assertCluster(input: Pick<FaultReportInput, 'cluster'>, clusterId: string | null) {
  if (input.cluster && input.cluster !== clusterId) throw invalid('cluster');
}

interface ReportContext {
  /** Who writes it: the signed-in reporter, or nobody (the portal). */
  actor: Actor | null;
  source: FaultSource;
  status: FaultStatus;
  providerId: string | null;
  /** The organisation whose unattached uploads the report may use (the portal's: the owner's). */
  uploadsOf: string;
  owner: { id: string; name: string };
  /** The portal reporter's language for the tracking mail; signed-in reporters are not mailed. */
  mailIn: Language | null;
}

/** The honeypot's answer: a success in every way the sender can see, with nothing stored. */
function decoy(): FaultReported {
  const code = newFaultCode();
  return { message: formatMessage('FAULT.SUCCESS'), _id: randomUUID(), code, trackPath: trackPath(code), duplicate: false };
}

/**
 * Records a report: a new fault, or a "+1" on the open fault of the same type on the asset (one
 * open fault per asset and type, kept by a partial unique index: two reports racing for a new fault
 * make one of them fail on it, and its retry finds the other's fault and adds itself to it).
 */
async function record(
  deps: Deps,
  context: ReportContext,
  asset: FormAssetRow,
  input: FaultReportInput,
  place: { state: string | null; lga: string | null },
): Promise<FaultReported> {
  const { actor } = context;
  const label = assetLabel(asset);
  const organisationId = actor?.organisationId ?? context.owner.id;
  const report = {
    reporterUserId: actor?.userId ?? null,
    name: input.fullName,
    email: input.email,
    phone: input.phoneNumber,
    source: context.source,
    description: input.description,
    // The portal reporter is mailed in it; signed-in reporters hear through notifications.
    language: context.mailIn,
  };
  return write(
    deps,
    actor,
    async (tx, fx) => {
      const mail = (code: string, duplicate: boolean) => {
        if (context.mailIn) {
          fx.mail(
            trackingMail(deps.config.PUBLIC_URL, input.email, context.mailIn, { code, asset: label, owner: context.owner.name, duplicate }),
          );
        }
      };
      const values = {
        code: newFaultCode(),
        organisationId: asset.organisationId,
        assetId: asset.id,
        clusterId: asset.cluster?.id ?? null,
        locationId: input.locationID || asset.locationId,
        faultType: input.faultType,
        description: input.description,
        state: place.state,
        lga: place.lga,
        status: context.status,
        source: context.source,
        reporterUserId: actor?.userId ?? null,
        reporterOrganisationId: actor?.organisationId ?? null,
        providerId: context.providerId,
        reporterName: input.fullName,
        reporterEmail: input.email,
        reporterPhone: input.phoneNumber,
      };
      // A new fault, or (the asset has an open fault of this type) a "+1" on it; an open fault
      // closed between the two statements lets the next try through as a new fault.
      let fault: { id: string; code: string } | undefined;
      let open: Awaited<ReturnType<typeof addReportToOpenFault>>;
      for (let attempt = 0; attempt < 3 && !fault && !open; attempt++) {
        // The asset's marker counts what is before its owner.
        fault = await insertFaultWithReport(tx, values, report, context.status === 'awaiting_owner');
        if (!fault) open = await addReportToOpenFault(tx, asset.id, input.faultType, report);
      }
      if (open) {
        if (input.document.length > 0) {
          await attachFiles(tx, fx, context.uploadsOf, { type: 'fault_report', id: open.reportId }, input.document, 'image', IMAGE_FIELD);
        }
        fx.activity({
          action: 'fault.plus_one',
          params: { code: open.code, asset: label, reporters: open.reporters },
          subject: { type: 'fault', id: open.id },
          organisationId,
        });
        mail(open.code, true);
        return {
          message: formatMessage('FAULT.DUPLICATE'),
          _id: open.id,
          code: open.code,
          trackPath: trackPath(open.code),
          duplicate: true,
        };
      }
      if (!fault) throw conflict();
      // A new fault has no files yet: without an image there is nothing to attach or drop.
      if (input.document.length > 0) {
        await attachFiles(tx, fx, context.uploadsOf, { type: 'fault', id: fault.id }, input.document, 'image', IMAGE_FIELD);
      }
      fx.activity({
        action: 'fault.reported',
        params: { code: fault.code, faultType: input.faultType, asset: label },
        subject: { type: 'fault', id: fault.id },
        organisationId,
      });
      notifyNext(
        fx,
        { id: fault.id, code: fault.code, status: context.status, organisationId: asset.organisationId, providerId: context.providerId },
        label,
      );
      mail(fault.code, false);
      return {
        message: formatMessage('FAULT.SUCCESS'),
        _id: fault.id,
        code: fault.code,
        trackPath: trackPath(fault.code),
        duplicate: false,
      };
    },
    // A code drawn twice, or a fault opened on the asset meanwhile: the retry draws again or becomes a "+1".
    { retriesOnUniqueViolation: 3 },
  );
}

/** Tells whoever acts next on a fault in this status: the provider's managers, or the owner's fault managers. */
function notifyNext(
  fx: Effects,
  fault: { id: string; code: string; status: FaultStatus; organisationId: string; providerId: string | null },
  asset: string,
) {
  const params = { code: fault.code, asset };
  if (fault.status === 'awaiting_provider' && fault.providerId) {
    fx.notify({
      event: 'fault.awaiting_provider',
      to: { organisation: fault.providerId, permission: ['viewOrganizationAssignedAsset'] },
      params,
      path: faultPath(fault.id),
    });
  } else if (fault.status === 'awaiting_owner') {
    fx.notify({
      event: 'fault.awaiting_owner',
      to: { organisation: fault.organisationId, permission: ['manageAssetFault'] },
      params,
      path: faultPath(fault.id),
    });
  }
}

/**
 * A signed-in report (POST /v2/fault/report) on an asset the caller sees. Where it starts depends
 * on who reports: the owner's staff and a provider's managers report to the owner; a provider's
 * technician to the provider, which approves or returns it.
 */
export async function report(deps: Deps, principal: Principal, input: FaultReportInput): Promise<FaultReported> {
  if (input.website) return decoy();
  const asset = await findFormAsset(deps.db, visible(principal, 'asset'), input.asset);
  if (!asset) throw invalid('asset');
  if (asset.status === 'decommissioned') throw invalidField('asset', 'FAULT.ASSET_NOT_REPORTABLE');
  assertCluster(input, asset.cluster?.id ?? null);
  const place = await placeOf(deps.db, input);
  const side = faultReporterSide(principal, asset.organisationId);
  const holder =
    side === 'owner'
      ? ((await findLiveAssignmentOfAsset(deps.db, asset.organisationId, asset.id, asset.cluster?.id ?? null))?.providerId ?? null)
      : principal.organisationId;
  return record(
    deps,
    {
      actor: principal,
      source: side === 'owner' ? 'staff' : 'provider',
      status: side === 'technician' ? 'awaiting_provider' : 'awaiting_owner',
      providerId: holder,
      uploadsOf: principal.organisationId,
      owner: asset.owner,
      mailIn: null,
    },
    asset,
    input,
    place,
  );
}

/**
 * The public portal's report (POST /v2/fault/report/:ownerId): the owner from the path must be an
 * active asset owner, the asset (and cluster) its own and in service; the reporter is mailed the
 * tracking code. A filled honeypot is answered like a success and stores nothing.
 */
export async function reportOnPortal(
  deps: Deps,
  ownerId: string,
  input: FaultReportInput,
  ip: string,
  language: Language,
): Promise<FaultReported> {
  // The hit is counted and the asset read side by side (the read is wasted only on a refusal).
  const [, found] = await Promise.all([
    consume(deps.db, [{ key: `fault-report:ip:${ip}`, ...REPORT_LIMIT }]),
    input.website ? undefined : findPortalAsset(deps.db, ownerId, input.asset),
  ]);
  if (input.website) return decoy();
  // The asset's row tells whether its owner is an active asset owner; without it, the owner is looked up (404 first).
  const owner = found?.ownerActive ? found.owner : await findActiveOwner(deps.db, ownerId);
  if (!owner) throw notFound('owner');
  const asset = found;
  if (!asset || asset.status === 'decommissioned') throw invalid('asset');
  assertCluster(input, asset.cluster?.id ?? null);
  const place = await placeOf(deps.db, input);
  return record(
    deps,
    {
      actor: null,
      source: 'portal',
      status: 'awaiting_owner',
      providerId: asset.holderId,
      uploadsOf: ownerId,
      owner,
      mailIn: language,
    },
    asset,
    input,
    place,
  );
}

type StepAction = 'approve' | 'return' | 'reject' | 'resubmit' | 'convert';

const STEP_ACTIVITY = {
  approve: 'fault.approved',
  return: 'fault.returned',
  reject: 'fault.rejected',
  resubmit: 'fault.resubmitted',
  convert: 'fault.converted',
} as const;

/**
 * One step of the fault workflow inside the caller's write: the guarded transition (404 not
 * visible, 403 not the caller's to take, 409 stale), the asset's open count when it closes, the
 * activity, and the notices to whoever acts next (and the reporters, and portal reporters by mail).
 */
async function takeStep(
  deps: Pick<Deps, 'config'>,
  tx: Db,
  fx: Effects,
  principal: Principal,
  id: string,
  action: StepAction,
  set: Record<string, unknown> = {},
) {
  const { row: facts, from, to } = await runStep(tx, FAULT, principal, id, action, set);
  // The asset's marker counts what is before its owner (a fault still with its provider is not yet).
  const withOwner = Number(to === 'awaiting_owner') - Number(from === 'awaiting_owner');
  if (withOwner !== 0) await changeOpenFaultCount(tx, facts.asset.id, withOwner as 1 | -1);
  const asset = assetLabel({ name: facts.asset.name, assetCode: facts.asset.assetCode });
  const reason = typeof set.reason === 'string' ? set.reason : '';
  const params = { code: facts.code, asset, ...(reason ? { reason } : {}) };
  fx.activity({ action: STEP_ACTIVITY[action], params, subject: { type: 'fault', id } });
  notifyNext(fx, { id, code: facts.code, status: to, organisationId: facts.organisationId, providerId: facts.providerId }, asset);
  const reporters = action === 'resubmit' ? [] : await reporterUsers(tx, id);
  const event =
    action === 'approve' ? 'fault.approved' : action === 'return' ? 'fault.returned' : action === 'reject' ? 'fault.rejected' : null;
  if (event && reporters.length > 0) fx.notify({ event, to: { users: reporters }, params: { ...params, reason }, path: faultPath(id) });
  if (to === 'rejected' || to === 'converted') {
    for (const { email, language } of await portalReporters(tx, id)) {
      fx.mail(
        closedMail(deps.config.PUBLIC_URL, email, language, { code: facts.code, asset, owner: facts.owner.name, outcome: to, reason }),
      );
    }
  }
}

/** The work a converted fault became, as its reporters follow it (docs/product.md "Following a reported fault"). */
export type FaultWorkStep = 'accepted' | 'started' | 'done';
const WORK_ACTIVITY = { accepted: 'fault.work_accepted', started: 'fault.work_started', done: 'fault.work_done' } as const;

/**
 * A step of the service request or work order raised from the fault, inside that step's write:
 * recorded once on the fault (its tracking page shows it, never who took it), and when the work is
 * done, the reporters who left an email are told it was fixed. A later step of the same kind
 * (a second work order, a reopened one) is not said again.
 */
export async function recordFaultWork(deps: Deps, tx: Db, fx: Effects, faultId: string | null, step: FaultWorkStep) {
  if (!faultId) return;
  const facts = await findFaultFacts(tx, faultId);
  if (!facts || (await hasActivityOf(tx, 'fault', faultId, WORK_ACTIVITY[step]))) return;
  const asset = assetLabel({ name: facts.assetName, assetCode: facts.assetCode });
  fx.activity({
    action: WORK_ACTIVITY[step],
    params: { code: facts.code, asset },
    subject: { type: 'fault', id: faultId },
    organisationId: facts.organisationId,
  });
  if (step !== 'done') return;
  for (const { email, language } of await portalReporters(tx, faultId)) {
    fx.mail(fixedMail(deps.config.PUBLIC_URL, email, language, { code: facts.code, asset, owner: facts.ownerName }));
  }
}

/** The provider sends its technician's report on to the owner. */
export async function approve(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, (tx, fx) => takeStep(deps, tx, fx, principal, id, 'approve'));
}

/** The provider returns its technician's report for correction, with the reason told to the reporter. */
export async function returnToReporter(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, (tx, fx) => takeStep(deps, tx, fx, principal, id, 'return', { reason }));
}

/** The owner closes the fault without action, with the reason told to the reporters. */
export async function reject(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, (tx, fx) => takeStep(deps, tx, fx, principal, id, 'reject', { reason }));
}

/**
 * The reporter corrects a returned fault and sends it back to the provider. The asset stays the
 * fault's (a report on another asset is a new report); `id`, when sent, must be the path's.
 */
export async function edit(deps: Deps, principal: Principal, id: string, input: FaultEditInput) {
  if (input.id !== undefined && input.id !== id) throw invalid('id');
  const current = await findVisibleFault(deps.db, visible(principal, 'fault'), id);
  if (!current) throw notFound('fault');
  if (input.asset !== current.asset.id) throw invalid('asset');
  assertCluster(input, current.cluster?.id ?? null);
  const place = await placeOf(deps.db, input);
  // Bad input is refused before the workflow is asked (the attach below checks again, in the transaction).
  if (!(await filesAttachable(deps.db, principal.organisationId, { type: 'fault', id }, input.document, 'image'))) {
    throw invalidField(IMAGE_FIELD.path, 'VALIDATION.NOT_VALID', { field: IMAGE_FIELD.label });
  }
  await write(
    deps,
    principal,
    async (tx, fx) => {
      await takeStep(deps, tx, fx, principal, id, 'resubmit', {
        faultType: input.faultType,
        description: input.description,
        state: place.state,
        lga: place.lga,
        locationId: input.locationID || current.locationId,
        reporterName: input.fullName,
        reporterEmail: input.email,
        reporterPhone: input.phoneNumber,
      });
      await updateFirstReport(tx, id, {
        name: input.fullName,
        email: input.email,
        phone: input.phoneNumber,
        description: input.description,
      });
      await attachFiles(tx, fx, principal.organisationId, { type: 'fault', id }, input.document, 'image', IMAGE_FIELD);
    },
    // Changing the type to one already open on the asset: that fault exists, so this one cannot become it.
    { onUniqueViolation: () => invalidField('faultType', 'VALIDATION.NOT_VALID', { field: 'Fault type' }) },
  );
}

/**
 * For the service request and work order issues' "raise a ..." calls, inside their write: the
 * owner converts the fault (409 unless it awaits the owner) and it points at what it became.
 */
export async function convert(
  deps: Pick<Deps, 'config'>,
  tx: Db,
  fx: Effects,
  principal: Principal,
  id: string,
  into: { type: FaultConversion; id: string },
) {
  await takeStep(deps, tx, fx, principal, id, 'convert', { convertedType: into.type, convertedId: into.id });
}
