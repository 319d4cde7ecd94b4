import type { AccessRule, PermissionAccess } from '@amp/contracts/operations/access-rule';
import type { OrganisationKind } from '@amp/contracts/organisation';
import { holds } from '@amp/contracts/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, forbidden } from '../lib/errors.js';
import { authenticate } from './auth.js';

/**
 * Every route declares who may call it (decision 0003); the rule and its kinds are declared with the
 * operations in packages/contracts/src/operations/access-rule.ts. The route-wide tests
 * (security/route-auth.test.ts) read the same rule, so what a route lets through is what it declares.
 */
export type { AccessRule, PermissionAccess };

/** Whether a signed-in user of an organisation of `kind` holding `permissions` meets the rule. */
export function meetsAccess(access: AccessRule, user: { permissions: readonly string[]; organisationKind: OrganisationKind }): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  return holds(user.permissions, access.permission) && (access.kinds === undefined || access.kinds.includes(user.organisationKind));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

/** Routes added by plugins (static files, API docs) are public by nature. */
const PLUGIN_ROUTE_PREFIXES = ['/api/docs'];

export function isPluginRoute(url: string): boolean {
  return PLUGIN_ROUTE_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/*' || url === '*';
}

export class MissingAccessRuleError extends Error {
  constructor(method: string, url: string) {
    super(`Route ${method} ${url} declares no access rule: add config.access ('public', 'signedIn' or { permission })`);
  }
}

export class RouteWithoutOperationError extends Error {
  constructor(method: string, url: string) {
    super(
      `Route ${method} ${url} is declared by no operation: declare it in packages/contracts/src/operations and register it with operationRoute (lib/operation-routes.ts)`,
    );
  }
}

/**
 * Refuses to register a route without an access rule, or one that no operation of the contracts
 * declares (decision 0029: the web's calls derive from the same table, so a route of its own
 * making would be one the web cannot reach by its types), and guards the ones that have it.
 */
export function registerAccessRules(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined) {
      if (isPluginRoute(route.url)) return;
      throw new MissingAccessRuleError(String(route.method), route.url);
    }
    if (route.config?.operation === undefined) throw new RouteWithoutOperationError(String(route.method), route.url);
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth) throw new AppError(401, 'AUTH.SESSION_EXPIRED');
      if (!meetsAccess(access, request.auth)) throw forbidden();
    };
    // onRequest runs before body validation, so a stranger gets 401, not a hint about the payload.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}
