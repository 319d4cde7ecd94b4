import type { CurrentUser, Language, Settings } from '@amp/contracts/account';
import { type OrganisationKind, roleFlags } from '@amp/contracts/organisation';
import type { Deps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertNotBlocked, clearHits, consume, countHit, type Limit } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Principal } from '../../plugins/auth.js';
import { recordActivity } from '../activity/activity.repository.js';
import {
  consumeOneTimeToken,
  findUserForLogin,
  findUserProfile,
  type OneTimePurpose,
  replaceOneTimeToken,
  setPasswordHash,
  updateSettings,
} from './account.repository.js';
import { insertSession, revokeAllSessions, revokeOtherSessions, revokeSession } from './session.repository.js';

const FIFTEEN_MINUTES = 15 * 60;
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20 };
const ONE_TIME_TOKEN_MINUTES = 60;

const loginLimits = (email: string, ip: string): Limit[] => [
  { key: `login:account:${email}`, max: LOGIN_LIMITS.perAccount, windowSeconds: FIFTEEN_MINUTES },
  { key: `login:ip:${ip}`, max: LOGIN_LIMITS.perIp, windowSeconds: FIFTEEN_MINUTES },
];

export async function login(deps: Deps, input: { email: string; password: string }, ip: string) {
  const { db, config } = deps;
  const limits = loginLimits(input.email, ip);
  await assertNotBlocked(db, limits);
  const user = await findUserForLogin(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    for (const limit of limits) await countHit(db, limit);
    throw new AppError(401, 'AUTH.VALIDATION.INVALID_LOGIN');
  }
  // Only a caller who knows the password learns the account's state.
  if (user.status === 'pending' || user.organisationStatus === 'pending') throw new AppError(403, 'AUTH.ACCOUNT_PENDING');
  if (user.status !== 'active' || user.organisationStatus !== 'active') throw new AppError(403, 'AUTH.ACCOUNT_INACTIVE');
  await clearHits(db, limits[0]!.key);
  const accessToken = newToken();
  await db.transaction(async (tx) => {
    await insertSession(tx, user.id, hashToken(accessToken), config.SESSION_TTL_HOURS);
    await recordActivity(tx, { organisationId: user.organisationId, userId: user.id, action: 'account.login', description: 'Signed in' });
  });
  return { accessToken };
}

export async function logout(deps: Deps, principal: Principal) {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, principal.sessionId);
    await recordActivity(tx, {
      organisationId: principal.organisationId,
      userId: principal.userId,
      action: 'account.logout',
      description: 'Signed out',
    });
  });
}

export async function currentUser(db: Db, userId: string): Promise<CurrentUser> {
  const row = await findUserProfile(db, userId);
  if (!row) throw notFound('user');
  const { user, organisation, role } = row;
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    telephone: user.telephone,
    designation: user.designation,
    organisation: { _id: organisation.id, name: organisation.name, kind: organisation.kind },
    ...roleFlags(organisation.kind as OrganisationKind, role.systemKey, role.permissions),
    userRole: { _id: role.id, name: role.name, permission: role.permissions },
    settings: { language: user.language as Language, notifications: { email: user.notifyEmail, inApp: user.notifyInApp } },
  };
}

/**
 * Issues a single-use link to set a password (after approval or when staff are added) or to
 * reset it, voiding older links. Call inside the transaction that creates the reason for it.
 */
export async function queuePasswordLink(
  deps: Deps,
  tx: Db,
  user: { id: string; email: string; firstName: string },
  purpose: OneTimePurpose,
): Promise<string> {
  const token = newToken();
  await replaceOneTimeToken(tx, user.id, purpose, hashToken(token), ONE_TIME_TOKEN_MINUTES);
  const link = `${deps.config.PUBLIC_URL}/auth/reset-password/${token}`;
  const subject = purpose === 'reset' ? 'Reset your AMP password' : 'Set your AMP password';
  const intro =
    purpose === 'reset'
      ? 'We received a request to reset the password of your AMP account.'
      : 'Your AMP account is ready. Set your password to sign in.';
  const text = `Hello ${user.firstName},\n\n${intro}\n\n${link}\n\nThe link works once and expires in ${ONE_TIME_TOKEN_MINUTES} minutes. If you did not expect this email, ignore it.\n\nAMP, the Asset & Maintenance Platform`;
  const html = `<p>Hello ${escapeHtml(user.firstName)},</p><p>${intro}</p><p><a href="${link}">${purpose === 'reset' ? 'Reset my password' : 'Set my password'}</a></p><p>The link works once and expires in ${ONE_TIME_TOKEN_MINUTES} minutes. If you did not expect this email, ignore it.</p>`;
  return deps.mailer.queue(tx, { to: user.email, subject, text, html });
}

export async function forgotPassword(deps: Deps, email: string, ip: string) {
  const { db } = deps;
  await consume(db, [
    { key: `forgot:ip:${ip}`, max: 10, windowSeconds: FIFTEEN_MINUTES },
    { key: `forgot:account:${email}`, max: 5, windowSeconds: 60 * 60 },
  ]);
  const user = await findUserForLogin(db, email);
  if (user?.status !== 'active' || user.organisationStatus !== 'active') return;
  const profile = await findUserProfile(db, user.id);
  const mailId = await db.transaction(async (tx) => {
    const id = await queuePasswordLink(deps, tx, { id: user.id, email, firstName: profile!.user.firstName }, 'reset');
    await recordActivity(tx, {
      organisationId: user.organisationId,
      userId: user.id,
      action: 'account.forgot',
      description: 'Requested a password reset',
    });
    return id;
  });
  await deps.mailer.deliver([mailId]);
}

export async function resetPassword(deps: Deps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, hashToken(token));
    if (!used) throw new AppError(400, 'AUTH.VALIDATION.TOKEN_INVALID');
    const profile = await findUserProfile(tx, used.userId);
    if (!profile || profile.user.status === 'rejected') throw new AppError(400, 'AUTH.VALIDATION.TOKEN_INVALID');
    await setPasswordHash(tx, used.userId, passwordHash);
    await revokeAllSessions(tx, used.userId);
    await recordActivity(tx, {
      organisationId: profile.user.organisationId,
      userId: used.userId,
      action: used.purpose === 'reset' ? 'account.reset' : 'account.set_password',
      description: used.purpose === 'reset' ? 'Reset the password' : 'Set the password',
    });
  });
}

export async function changePassword(deps: Deps, principal: Principal, input: { currentPassword: string; password: string }) {
  const row = await findUserProfile(deps.db, principal.userId);
  if (!row || !(await verifyPassword(row.user.passwordHash, input.currentPassword))) {
    throw invalidField('currentPassword', 'VALIDATION.CURRENT_PASSWORD_WRONG');
  }
  if (input.currentPassword === input.password) throw invalidField('password', 'VALIDATION.SAME_PASSWORD');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, principal.userId, passwordHash);
    // Other devices must sign in again; this one keeps its session.
    await revokeOtherSessions(tx, principal.userId, principal.sessionId);
    await recordActivity(tx, {
      organisationId: principal.organisationId,
      userId: principal.userId,
      action: 'account.change_password',
      description: 'Changed the password',
    });
  });
}

export async function saveSettings(deps: Deps, principal: Principal, userId: string, settings: Settings) {
  // Settings are personal: another user's id is simply not found.
  if (userId !== principal.userId) throw notFound('user');
  await deps.db.transaction(async (tx) => {
    await updateSettings(tx, userId, {
      language: settings.language,
      notifyEmail: settings.notifications?.email,
      notifyInApp: settings.notifications?.inApp,
    });
    await recordActivity(tx, {
      organisationId: principal.organisationId,
      userId,
      action: 'account.settings',
      description: 'Updated the settings',
    });
  });
  return currentUser(deps.db, userId);
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
