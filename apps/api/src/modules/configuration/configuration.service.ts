import type { ConfigurationInput, ConfigurationType } from '@amp/contracts/configuration';
import { holds } from '@amp/contracts/permissions';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { findSrConfiguration, findWoConfiguration, saveConfiguration } from './configuration.repository.js';

/** Who configures a type: the owner's staff following its outgoing requests (sr) or configuring its work orders (wo). */
const CONFIGURES = { sr: 'viewOutgoingSR', wo: 'woConfiguration' } as const;

function assertConfigures(principal: Principal, type: ConfigurationType) {
  // An owner's setting: a provider has no requests or work orders of its own to configure.
  if (principal.organisationKind !== 'asset_owner' || !holds(principal.permissions, CONFIGURES[type])) throw forbidden();
}

/** POST /v2/configuration/create and PUT /v2/configuration/update/{id}: an owner's configuration of a type. */
export async function configure(deps: Deps, principal: Principal, input: ConfigurationInput, id?: string) {
  assertConfigures(principal, input.type);
  const { type, ...rest } = input;
  const settings = { ...rest, codePrefix: rest.codePrefix.toUpperCase() };
  await write(deps, principal, async (tx, fx) => {
    const saved = await saveConfiguration(tx, principal.organisationId, type, settings, principal.userId, id);
    if (!saved) throw notFound('configuration');
    fx.activity({
      action: type === 'wo' ? 'configuration.wo_updated' : 'configuration.updated',
      params: { type },
      subject: { type: 'configuration', id: saved },
    });
  });
  return read(deps.db, principal, type);
}

/** GET /v2/configuration/created/{type}. */
export async function read(db: Db, principal: Principal, type: ConfigurationType) {
  return type === 'wo' ? readWo(db, principal) : readSr(db, principal);
}

export async function readSr(db: Db, principal: Principal) {
  assertConfigures(principal, 'sr');
  return findSrConfiguration(db, principal.organisationId);
}

export async function readWo(db: Db, principal: Principal) {
  assertConfigures(principal, 'wo');
  return findWoConfiguration(db, principal.organisationId);
}
