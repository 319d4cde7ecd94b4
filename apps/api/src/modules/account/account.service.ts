import type { CurrentUser, Language, Settings } from '@amp/contracts/account';
import { type OrganisationKind, roleFlags } from '@amp/contracts/organisation';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertNotBlocked, clearHits, consume, countHit, type Limit } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import {
  consumeOneTimeToken,
  findUserForLogin,
  findUserProfile,
  isLiveOneTimeToken,
  type OneTimePurpose,
  replaceOneTimeToken,
  setPasswordHash,
  updateSettings,
} from './account.repository.js';
import { insertSession, revokeAllSessions, revokeOtherSessions, revokeSession } from './session.repository.js';

const FIFTEEN_MINUTES = 15 * 60;
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20 };
const ONE_TIME_TOKEN_MINUTES = 60;
/** Reset attempts per IP in 15 minutes: plenty for a person, a wall for a guesser. */
export const RESET_LIMIT_PER_IP = 20;

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
  await write(deps, { userId: user.id, organisationId: user.organisationId }, async (tx, fx) => {
    await insertSession(tx, user.id, hashToken(accessToken), config.SESSION_TTL_HOURS);
    fx.activity({ action: 'account.login' });
  });
  return { accessToken };
}

export async function logout(deps: Deps, principal: Principal) {
  await write(deps, principal, async (tx, fx) => {
    await revokeSession(tx, principal.sessionId);
    fx.activity({ action: 'account.logout' });
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
    organisation: {
      _id: organisation.id,
      name: organisation.name,
      kind: organisation.kind as OrganisationKind,
      timeZone: organisation.timeZone,
    },
    ...roleFlags(organisation.kind as OrganisationKind, role.systemKey, role.permissions),
    userRole: { _id: role.id, name: role.name, permission: role.permissions },
    settings: {
      language: user.language as Language,
      notifications: { email: user.notifyEmail, inApp: user.notifyInApp },
      timeZone: user.timeZone,
    },
  };
}

/**
 * Issues a single-use link to set a password (after approval or when staff are added) or to
 * reset it, voiding older links. Call inside the write that creates the reason for it: the mail
 * goes out only if that write commits.
 */
export async function queuePasswordLink(
  deps: Pick<Deps, 'config'>,
  tx: Db,
  fx: Effects,
  user: { id: string; email: string; firstName: string },
  purpose: OneTimePurpose,
): Promise<void> {
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
  fx.mail({ to: user.email, subject, text, html });
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
  await write(deps, { userId: user.id, organisationId: user.organisationId }, async (tx, fx) => {
    await queuePasswordLink(deps, tx, fx, { id: user.id, email, firstName: profile!.user.firstName }, 'reset');
    fx.activity({ action: 'account.forgot' });
  });
}

export async function resetPassword(deps: Deps, token: string, password: string, ip: string) {
  await consume(deps.db, [{ key: `reset:ip:${ip}`, max: RESET_LIMIT_PER_IP, windowSeconds: FIFTEEN_MINUTES }]);
  const tokenHash = hashToken(token);
  // A dead token costs no argon2 hash; the token is used up only in the transaction that sets the password.
  if (!(await isLiveOneTimeToken(deps.db, tokenHash))) throw new AppError(400, 'AUTH.VALIDATION.TOKEN_INVALID');
  const passwordHash = await hashPassword(password);
  await write(deps, null, async (tx, fx) => {
    const used = await consumeOneTimeToken(tx, tokenHash);
    if (!used) throw new AppError(400, 'AUTH.VALIDATION.TOKEN_INVALID');
    const profile = await findUserProfile(tx, used.userId);
    if (!profile || profile.user.status === 'rejected') throw new AppError(400, 'AUTH.VALIDATION.TOKEN_INVALID');
    await setPasswordHash(tx, used.userId, passwordHash);
    await revokeAllSessions(tx, used.userId);
    // Setting the first password and resetting a forgotten one read the same in the feed.
    fx.activity({ organisationId: profile.user.organisationId, userId: used.userId, action: 'account.reset_password' });
  });
}

export async function changePassword(deps: Deps, principal: Principal, input: { currentPassword: string; password: string }) {
  const row = await findUserProfile(deps.db, principal.userId);
  if (!row || !(await verifyPassword(row.user.passwordHash, input.currentPassword))) {
    throw invalidField('currentPassword', 'VALIDATION.CURRENT_PASSWORD_WRONG');
  }
  if (input.currentPassword === input.password) throw invalidField('password', 'VALIDATION.SAME_PASSWORD');
  const passwordHash = await hashPassword(input.password);
  await write(deps, principal, async (tx, fx) => {
    await setPasswordHash(tx, principal.userId, passwordHash);
    // Other devices must sign in again; this one keeps its session.
    await revokeOtherSessions(tx, principal.userId, principal.sessionId);
    fx.activity({ action: 'account.change_password' });
  });
}

export async function saveSettings(deps: Deps, principal: Principal, userId: string, settings: Settings) {
  // Settings are personal: another user's id is simply not found.
  if (userId !== principal.userId) throw notFound('user');
  await write(deps, principal, async (tx, fx) => {
    await updateSettings(tx, userId, {
      language: settings.language,
      notifyEmail: settings.notifications?.email,
      notifyInApp: settings.notifications?.inApp,
      timeZone: settings.timeZone,
    });
    fx.activity({ action: 'account.settings' });
  });
  return currentUser(deps.db, userId);
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
