import { formatMessage } from '@amp/contracts/messages';
import { accountOperations as op } from '@amp/contracts/operations/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../../lib/operation-routes.js';
import { principalOf } from '../../plugins/auth.js';
import * as account from './account.service.js';

/** The routes of packages/contracts/src/operations/account.ts: each one's handler. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoute(app, op.login, async (request) => ({ data: await account.login(app.deps, request.body, request.ip) }));
  operationRoute(app, op.me, async (request) => ({ data: await account.currentUser(app.deps.db, principalOf(request).userId) }));
  operationRoute(app, op.logout, async (request) => {
    await account.logout(app.deps, principalOf(request));
    return { data: { loggedOut: true as const } };
  });
  operationRoute(app, op.forgot, async (request) => {
    await account.forgotPassword(app.deps, request.body.email, request.ip);
    return { data: { message: formatMessage('AUTH.FORGOT_SENT') } };
  });
  operationRoute(app, op.reset, async (request) => {
    await account.resetPassword(app.deps, request.params.resetToken, request.body.password, request.ip);
    return { data: { message: formatMessage('AUTH.RESET_SUCCESS') } };
  });
  operationRoute(app, op.changePassword, async (request) => {
    await account.changePassword(app.deps, principalOf(request), request.body);
    return { data: { message: formatMessage('AUTH.PASSWORD_CHANGED') } };
  });
  operationRoute(app, op.saveSettings, async (request) => ({
    data: await account.saveSettings(app.deps, principalOf(request), request.params.userId, request.body),
  }));
};
