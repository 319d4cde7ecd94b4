import { holds, type PermissionRule } from '@amp/contracts/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, forbidden } from '../lib/errors.js';
import { authenticate } from './auth.js';

/**
 * Every route declares who may call it (DESIGN.md rule 3):
 * - 'public': anyone;
 * - 'signedIn': any active user;
 * - { permission }: a user holding the permission, or any one of a list.
 */
export type AccessRule = 'public' | 'signedIn' | { permission: PermissionRule };

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

/** Refuses to register a route without an access rule and guards the ones that have it. */
export function registerAccessRules(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined) {
      if (isPluginRoute(route.url)) return;
      throw new MissingAccessRuleError(String(route.method), route.url);
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.auth) throw new AppError(401, 'AUTH.SESSION_EXPIRED');
      if (typeof access === 'object' && !holds(request.auth.permissions, access.permission)) throw forbidden();
    };
    // onRequest runs before body validation, so a stranger gets 401, not a hint about the payload.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}
