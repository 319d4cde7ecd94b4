import type { OrganisationKind } from '@amp/contracts/organisation';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../lib/tokens.js';
import { findSessionPrincipal } from '../modules/account/session.repository.js';

/** Who is calling: resolved once per request from the bearer token. */
export interface Principal {
  sessionId: string;
  userId: string;
  organisationId: string;
  organisationKind: OrganisationKind;
  roleId: string;
  roleKey: string | null;
  permissions: string[];
  isOrgAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Principal | null;
    authResolved?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 200) return null;
  return token;
}

/** Sets request.auth from a live session of an active user in an active organisation, or null. */
export async function authenticate(request: FastifyRequest): Promise<void> {
  if (request.authResolved) return;
  request.authResolved = true;
  request.auth = null;
  const token = bearerToken(request);
  if (!token) return;
  request.auth = await findSessionPrincipal(request.server.deps.db, hashToken(token));
}

/** The caller of a route whose access rule requires a session (the guard has already run). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.auth) throw new Error('principalOf used on a public route');
  return request.auth;
}
