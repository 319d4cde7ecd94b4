import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { housekeepingJobs } from './modules/account/housekeeping.jobs.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { approvalJobs } from './modules/approval/approval.jobs.js';
import { approvalRoutes } from './modules/approval/approval.routes.js';
import { assetRoutes } from './modules/asset/asset.routes.js';
import { assetImportJobs } from './modules/asset-import/asset-import.jobs.js';
import { assetImportRoutes } from './modules/asset-import/asset-import.routes.js';
import { assignedAssetRoutes } from './modules/assigned-asset/assigned-asset.routes.js';
import { assignmentRoutes } from './modules/assignment/assignment.routes.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { clusterRoutes } from './modules/cluster/cluster.routes.js';
import { configurationRoutes } from './modules/configuration/configuration.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { faultRoutes } from './modules/fault/fault.routes.js';
import { fileJobs } from './modules/file/file.jobs.js';
import { fileRoutes } from './modules/file/file.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { materialRequestRoutes } from './modules/material-request/material-request.routes.js';
import { notificationJobs } from './modules/notification/notification.jobs.js';
import { notificationRoutes } from './modules/notification/notification.routes.js';
import { observationDecisionRoutes } from './modules/observation-decision/observation-decision.routes.js';
import { pricebookRoutes } from './modules/pricebook/pricebook.routes.js';
import { purchaseOrderRoutes } from './modules/purchase-order/purchase-order.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { scoreCardRoutes } from './modules/score-card/score-card.routes.js';
import { serviceRequestJobs } from './modules/service-request/service-request.jobs.js';
import { serviceRequestRoutes } from './modules/service-request/service-request.routes.js';
import { slaRoutes } from './modules/sla/sla.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes.js';
import { workOrderRoutes } from './modules/work-order/work-order.routes.js';
import { workOrderSlaJobs } from './modules/work-order/work-order-sla.jobs.js';
import { registerAccessRules } from './plugins/access.js';
import { answerSerializerCompiler } from './plugins/answers.js';
import { frameworkErrors, registerErrorHandler, registerNotFoundHandler } from './plugins/errors.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { type JobDefinition, JobQueue } from './plugins/jobs.js';
import { LiveConnections } from './plugins/live.js';
import { logSerializers } from './plugins/logging.js';
import { Mailer, mailJobs } from './plugins/mailer.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRequestLimits } from './plugins/request-limit.js';
import { MAX_PATH_PARAM_LENGTH, trackRouteMethods } from './plugins/route-methods.js';
import { createStorage } from './plugins/storage.js';

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
  assignedAssetRoutes,
  slaRoutes,
  fileRoutes,
  faultRoutes,
  pricebookRoutes,
  serviceRequestRoutes,
  configurationRoutes,
  approvalRoutes,
  workOrderRoutes,
  observationDecisionRoutes,
  warehouseRoutes,
  materialRequestRoutes,
  purchaseOrderRoutes,
  reportRoutes,
  scoreCardRoutes,
  notificationRoutes,
  mailRoutes,
  healthRoutes,
];

/** Each module's background jobs (plugins/jobs.ts runs them). */
export const JOB_DEFINITIONS: ((deps: Deps) => JobDefinition[])[] = [
  mailJobs,
  notificationJobs,
  fileJobs,
  housekeepingJobs,
  assetImportJobs,
  serviceRequestJobs,
  approvalJobs,
  workOrderSlaJobs,
];

export async function buildApp(options: {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Requests are logged by route, never by raw URL (tokens in paths, emails in queries): plugins/logging.ts.
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Only named proxies may set the client address; otherwise X-Forwarded-For would let anyone
    // dodge the per-IP rate limits.
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Longer parameters than any route takes are a 404, without the path echoed (plugins/errors.ts).
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
  });
  const methodsOf = trackRouteMethods(app);
  const mailer = new Mailer(database.db, config.SMTP_URL, config.MAIL_FROM, app.log);
  const jobs = new JobQueue(database, app.log, { workers: config.JOB_WORKERS, pollingIntervalSeconds: config.JOB_POLL_SECONDS });
  const live = new LiveConnections(app.log);
  const deps: Deps = { db: database.db, config, mailer, storage: createStorage(config), jobs, live };
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  for (const define of JOB_DEFINITIONS) for (const job of define(deps)) jobs.define(job);
  app.addHook('onReady', async () => {
    await live.start(database);
    await jobs.start();
  });
  // Open notification streams end before the server closes, or it would wait for them.
  app.addHook('preClose', async () => live.stop());
  // Jobs stop first (a running one finishes), then the mail pool closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ strict: config.NODE_ENV !== 'production' }));
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

  // Before compression: a repeatable request's answer is stored as the route serialised it.
  registerIdempotency(app, database.db);

  // Large JSON answers of the API go out compressed (br or gzip). Nothing else does: the web app's
  // files are compressed at build time, and streams (text/event-stream) must not be buffered.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v2/') && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    globalDecompression: false,
  });

  await registerOpenApi(app);
  await registerRequestLimits(app, config);

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
      // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      maxAge: '1h',
      // Hashed build output never changes under its name, so it is cached for a year; the page itself
      // must be revalidated so a deploy is seen at once (docs/decisions/0013-compressed-static-and-cache.md).
      setHeaders: (reply, path) => {
        const file = relative(webDist, path).replace(/\.(br|gz)$/, '');
        if (file.startsWith(`assets${sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          // Scripts and styles are never documents: the document-only policies are dropped there.
          if (/\.(js|css)$/.test(file)) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        } else if (file.endsWith('.html') || SERVICE_WORKER_FILES.has(file)) reply.header('Cache-Control', 'no-cache');
      },
    });
  }
  registerNotFoundHandler(app, serveApp, methodsOf);
  return app;
}

/** The service worker and what it installs from are checked on every visit, so a deploy reaches the phones at once. */
const SERVICE_WORKER_FILES = new Set(['service-worker.js', 'manifest.webmanifest']);

/**
 * Helmet's headers that only a document acts on. A script or a style sheet the page loads ignores
 * them (the app starts no web worker, whose script would carry its own policy), and a phone pays
 * about 0.6 KB for them per file. nosniff, the resource policy and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function trustProxySetting(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  return value.split(',').map((address) => address.trim());
}
