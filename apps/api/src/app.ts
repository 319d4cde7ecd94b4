import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { assetRoutes } from './modules/asset/asset.routes.js';
import { assetImportRoutes } from './modules/asset-import/asset-import.routes.js';
import { assignmentRoutes } from './modules/assignment/assignment.routes.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { clusterRoutes } from './modules/cluster/cluster.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { fileRoutes } from './modules/file/file.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { slaRoutes } from './modules/sla/sla.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { registerAccessRules } from './plugins/access.js';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/errors.js';
import { Mailer } from './plugins/mailer.js';
import { createStorage, type FileStorage } from './plugins/storage.js';

/** What services need: passed explicitly, so tests build the same app on their own database. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export const DOMAIN_ROUTES = [
  accountRoutes,
  registrationRoutes,
  userRoutes,
  roleRoutes,
  categoryRoutes,
  activityRoutes,
  dashboardRoutes,
  referenceRoutes,
  clusterRoutes,
  assetImportRoutes,
  assetRoutes,
  assignmentRoutes,
  slaRoutes,
  fileRoutes,
];

export async function buildApp(options: { config: Config; database: Database; logger?: boolean }): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Only named proxies may set the client address; otherwise X-Forwarded-For would let anyone
    // dodge the per-IP rate limits.
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  const mailer = new Mailer(database.db, config.SMTP_URL, config.MAIL_FROM, app.log);
  app.decorate('deps', { db: database.db, config, mailer, storage: createStorage(config) });
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => mailer.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAccessRules(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  // API answers are not cached by browsers or proxies unless a public route says otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v2/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'AMP API', version: '2.0.0', description: 'The Asset & Maintenance Platform API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Uploads (files, bulk imports): one file per request; each route caps the size it accepts
  // (request.file({ limits })) below this ceiling.
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 50 * 1024 * 1024 } });

  for (const routes of DOMAIN_ROUTES) await app.register(routes, { prefix: '/v2' });

  const webDist = resolve(config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist'));
  const serveApp = existsSync(join(webDist, 'index.html'));
  if (serveApp) {
    // One wildcard route for the built files; other paths fall through to the not-found handler,
    // which answers the app's index.html.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      maxAge: '1h',
      // The page itself must be revalidated so a deploy is seen at once; hashed assets are cached.
      setHeaders: (res, path) => {
        if (path.endsWith('index.html')) res.header('Cache-Control', 'no-cache');
      },
    });
  }
  registerNotFoundHandler(app, serveApp);
  return app;
}

function trustProxySetting(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  return value.split(',').map((address) => address.trim());
}
