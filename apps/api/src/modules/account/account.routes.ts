import { changePasswordSchema, forgotSchema, loginSchema, resetSchema, settingsSchema } from '@amp/contracts/account';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import * as account from './account.service.js';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/account/login', { schema: { tags, body: loginSchema }, config: { access: 'public' } }, async (request) => ({
    data: await account.login(app.deps, request.body, request.ip),
  }));

  app.get('/account/me', { schema: { tags }, config: { access: 'signedIn' } }, async (request) => ({
    data: await account.currentUser(app.deps.db, principalOf(request).userId),
  }));

  app.post('/account/logout', { schema: { tags }, config: { access: 'signedIn' } }, async (request) => {
    await account.logout(app.deps, principalOf(request));
    return { data: { loggedOut: true } };
  });

  app.post('/account/forgot', { schema: { tags, body: forgotSchema }, config: { access: 'public' } }, async (request) => {
    await account.forgotPassword(app.deps, request.body.email, request.ip);
    return { data: { message: formatMessage('AUTH.FORGOT_SENT') } };
  });

  app.post(
    '/account/reset/:resetToken',
    { schema: { tags, params: z.object({ resetToken: z.string().max(200) }), body: resetSchema }, config: { access: 'public' } },
    async (request) => {
      await account.resetPassword(app.deps, request.params.resetToken, request.body.password);
      return { data: { message: formatMessage('AUTH.RESET_SUCCESS') } };
    },
  );

  app.post('/account/changepassword', { schema: { tags, body: changePasswordSchema }, config: { access: 'signedIn' } }, async (request) => {
    await account.changePassword(app.deps, principalOf(request), request.body);
    return { data: { message: formatMessage('AUTH.PASSWORD_CHANGED') } };
  });

  app.post(
    '/settings/:userId',
    { schema: { tags, params: z.object({ userId: z.uuid() }), body: settingsSchema }, config: { access: 'signedIn' } },
    async (request) => ({ data: await account.saveSettings(app.deps, principalOf(request), request.params.userId, request.body) }),
  );
};
