import {
  changePasswordSchema,
  currentUserSchema,
  forgotSchema,
  loginAnswer,
  loginSchema,
  logoutAnswer,
  resetSchema,
  resetTokenParams,
  settingsParams,
  settingsSchema,
} from '@amp/contracts/account';
import { apiErrorSchema, dataOf, messageAnswer } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.js';
import * as account from './account.service.js';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account/login',
    {
      schema: {
        tags,
        summary: 'Sign in',
        operationId: 'login',
        description: 'Wrong credentials answer 401; a pending or inactive account 403; too many failures 429 with Retry-After.',
        body: loginSchema,
        response: { 200: loginAnswer, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      data: await account.login(app.deps, request.body, request.ip),
    }),
  );

  app.get(
    '/account/me',
    {
      schema: { tags, summary: 'The signed-in user', operationId: 'getCurrentUser', response: { 200: dataOf(currentUserSchema) } },
      config: { access: 'signedIn' },
    },
    async (request) => ({
      data: await account.currentUser(app.deps.db, principalOf(request).userId),
    }),
  );

  app.post(
    '/account/logout',
    {
      schema: { tags, summary: 'Sign out (ends this session)', operationId: 'logout', response: { 200: logoutAnswer } },
      config: { access: 'signedIn' },
    },
    async (request) => {
      await account.logout(app.deps, principalOf(request));
      return { data: { loggedOut: true as const } };
    },
  );

  app.post(
    '/account/forgot',
    {
      schema: {
        tags,
        summary: 'Ask for a password reset link',
        operationId: 'forgotPassword',
        body: forgotSchema,
        response: { 200: messageAnswer },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await account.forgotPassword(app.deps, request.body.email, request.ip);
      return { data: { message: formatMessage('AUTH.FORGOT_SENT') } };
    },
  );

  app.post(
    '/account/reset/:resetToken',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset or set-password link',
        operationId: 'resetPassword',
        params: resetTokenParams,
        body: resetSchema,
        response: { 200: messageAnswer },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await account.resetPassword(app.deps, request.params.resetToken, request.body.password, request.ip);
      return { data: { message: formatMessage('AUTH.RESET_SUCCESS') } };
    },
  );

  app.post(
    '/account/changepassword',
    {
      schema: {
        tags,
        summary: 'Change one’s password',
        operationId: 'changePassword',
        body: changePasswordSchema,
        response: { 200: messageAnswer },
      },
      config: { access: 'signedIn' },
    },
    async (request) => {
      await account.changePassword(app.deps, principalOf(request), request.body);
      return { data: { message: formatMessage('AUTH.PASSWORD_CHANGED') } };
    },
  );

  app.post(
    '/settings/:userId',
    {
      schema: {
        tags,
        summary: 'Save one’s settings (language, notifications)',
        operationId: 'saveSettings',
        params: settingsParams,
        body: settingsSchema,
        response: { 200: dataOf(currentUserSchema) },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ data: await account.saveSettings(app.deps, principalOf(request), request.params.userId, request.body) }),
  );
};
