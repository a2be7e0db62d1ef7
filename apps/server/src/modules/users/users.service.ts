import { ORGANISATION_SETUP_ONLY } from '@sms/contracts/organisation-setup';
import type { Role } from '@sms/contracts/roles';
import { OPEN_REGISTRATION_ROLE } from '@sms/contracts/roles';
import type { RegisterBody, UpdateUserBody } from '@sms/contracts/users';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import { Conflict, Forbidden, ValidationError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { getRegistrationMode } from '../../platform/settings.ts';
import { assertPasswordAllowed, forgetMessagingSettings, updateMessagingSettings, updateSecuritySettings } from '../settings/index.ts';
import { assertAllowed, recordEvents, tryAgainIn, type ThrottleRule } from '../../platform/throttle.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { ensure, userPolicy } from './users.policy.ts';
import {
  anyUserExists,
  countOtherActiveAdmins,
  findUserByEmail,
  insertUser,
  lockMembership,
  softDeleteUser,
  updateUserRow,
  type NewUserRow,
  type UserRow,
} from './users.queries.ts';

const EMAIL_TAKEN = 'An account with this email already exists.';
/** Anonymous sign-ups (open registration) per address. */
export const REGISTER_RULE: ThrottleRule = { bucket: 'register-ip', windowSeconds: 15 * 60, max: 10 };
const REGISTRATION_CLOSED = 'Registration is closed. Ask an administrator for an account.';
const PUBLIC_ADDRESS_SETUP_ONLY = 'publicAddress is set by the first administrator only; change it in Configurations -> Security';

/** Fails with 409 on `email` when another live account already uses that address. */
async function assertEmailFree(db: Executor, email: string, exceptId?: string): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== exceptId) throw new Conflict(EMAIL_TAKEN, { field: 'email' });
}

/** Fails with 409 LAST_ADMIN when `target` is the only active admin left. */
async function assertNotLastAdmin(tx: Executor, target: UserRow, message: string): Promise<void> {
  if (target.role === 'admin' && target.status === 'active' && (await countOtherActiveAdmins(tx, target.id)) === 0) {
    throw new Conflict(message, { code: 'LAST_ADMIN' });
  }
}

/**
 * Creates an account under the registration policy: the very first account becomes admin
 * (whatever role was asked for); afterwards admins create accounts with any role (default viewer),
 * and anonymous visitors only while open registration is on (always as viewer).
 */
export async function registerUser(db: Db, input: { actor: UserRow | null; body: RegisterBody; ip: string }): Promise<UserRow> {
  const { actor, body } = input;
  if (actor) ensure(userPolicy.create(actor), 'Only administrators can register users.');
  // Cheap early refusal so anonymous requests cannot make us run argon2 for nothing; the decisive
  // check repeats under the lock below.
  else if (await anyUserExists(db)) {
    if ((await getRegistrationMode(db)) === 'closed') throw new Forbidden(REGISTRATION_CLOSED);
    // Open registration tells whether an email has an account (409), as most sign-ups do: slow it
    // per address like sign-in. Every anonymous attempt counts, successful or not.
    await assertAllowed(db, [[REGISTER_RULE, input.ip]], (minutes) => `Too many sign-ups from your address. ${tryAgainIn(minutes)}`);
    await recordEvents(db, [[REGISTER_RULE, input.ip]]);
  }
  await assertPasswordAllowed(db, body.password);
  // Hash before the transaction: argon2 is deliberately slow and PGlite's one connection would wait.
  const passwordHash = await hashPassword(body.password);
  try {
    const created = await db.transaction(async (tx) => {
      // The lock makes "no user yet" and the insert atomic: two simultaneous first sign-ups cannot
      // both become admin.
      await lockMembership(tx);
      let role: Role;
      const firstAccount = !(await anyUserExists(tx));
      if (firstAccount) role = 'admin';
      else if (actor) role = body.role ?? 'viewer';
      else {
        ensure((await getRegistrationMode(tx)) === 'open', REGISTRATION_CLOSED);
        role = OPEN_REGISTRATION_ROLE;
      }
      await assertEmailFree(tx, body.email);
      const user = await insertUser(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        role,
        phone: body.phone || null,
        locale: body.locale ?? 'en',
      });
      // First-run setup: the organisation's country and time zone become the messaging defaults.
      if (body.organisation) {
        if (!firstAccount) throw new ValidationError('organisation', ORGANISATION_SETUP_ONLY);
        await updateMessagingSettings(tx, body.organisation);
      }
      await recordAudit(tx, {
        actor: actor ?? user,
        action: 'user.register',
        subject: 'User',
        subjectId: user.id,
        ip: input.ip,
        details: { role, ...(body.organisation ? { organisation: body.organisation } : {}) },
      });
      // The setup form sends the address its browser is on: reset links point there until an
      // admin changes it (Configurations -> Security). Later registrations cannot set it.
      if (body.publicAddress) {
        if (!firstAccount) throw new ValidationError('publicAddress', PUBLIC_ADDRESS_SETUP_ONLY);
        await updateSecuritySettings(tx, { publicAddress: body.publicAddress });
      }
      return user;
    });
    // After the commit: API sends read the messaging settings through a short cache.
    if (body.organisation) forgetMessagingSettings();
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN, { field: 'email' });
    throw error;
  }
}

/** Fields that changed, by name (never values: passwords must not reach the audit log). */
function changedFields(target: UserRow, patch: Partial<NewUserRow>): string[] {
  return Object.entries(patch)
    .filter(([key, value]) => key === 'passwordHash' || target[key as keyof UserRow] !== value)
    .map(([key]) => (key === 'passwordHash' ? 'password' : key));
}

/**
 * Updates an account the caller may edit (checked by the route). Only admins change role/status.
 * Changing one's own password or email needs the current password. A password, role or status
 * change revokes the account's earlier tokens; when that hits the caller's own still-active
 * account, a fresh token is returned so they stay signed in.
 */
export async function updateUser(
  db: Db,
  tokens: TokenService,
  input: { actor: UserRow; target: UserRow; body: UpdateUserBody; ip: string },
): Promise<{ user: UserRow; token?: string }> {
  const { actor, target, body } = input;
  const self = actor.id === target.id;
  const roleChanges = body.role !== undefined && body.role !== target.role;
  const statusChanges = body.status !== undefined && body.status !== target.status;
  if (roleChanges || statusChanges) ensure(userPolicy.changeRoleOrStatus(actor), 'Only administrators can change roles and status.');

  const emailChanges = body.email !== undefined && body.email !== target.email.toLowerCase();
  if (self && (body.password !== undefined || emailChanges)) {
    if (!body.currentPassword)
      throw new ValidationError('currentPassword', 'Current password is required to change your password or email');
    if (!(await verifyPassword(target.passwordHash, body.currentPassword)))
      throw new ValidationError('currentPassword', 'Current password is incorrect');
  }

  if (body.password !== undefined) await assertPasswordAllowed(db, body.password);

  const patch: Partial<NewUserRow> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (emailChanges) patch.email = body.email;
  if (body.phone !== undefined) patch.phone = body.phone || null;
  if (body.locale !== undefined) patch.locale = body.locale;
  if (roleChanges) patch.role = body.role;
  if (statusChanges) patch.status = body.status;
  if (body.password !== undefined) patch.passwordHash = await hashPassword(body.password);
  const revokeTokens = body.password !== undefined || roleChanges || body.status === 'disabled';
  if (Object.keys(patch).length === 0) return { user: target };

  try {
    const user = await db.transaction(async (tx) => {
      if (roleChanges || statusChanges) {
        await lockMembership(tx);
        const removesAnAdmin = (roleChanges && body.role !== 'admin') || (statusChanges && body.status === 'disabled');
        // Counted under the lock, so two admins demoting each other cannot both succeed.
        if (removesAnAdmin)
          await assertNotLastAdmin(tx, target, 'This is the last active administrator. Make another user an administrator first.');
      }
      if (patch.email) await assertEmailFree(tx, patch.email, target.id);
      const updated = await updateUserRow(tx, target.id, patch, revokeTokens);
      const fields = changedFields(target, patch);
      if (fields.length > 0) {
        await recordAudit(tx, { actor, action: 'user.update', subject: 'User', subjectId: target.id, ip: input.ip, details: { fields } });
      }
      if (roleChanges) {
        await recordAudit(tx, {
          actor,
          action: 'user.role_change',
          subject: 'User',
          subjectId: target.id,
          ip: input.ip,
          details: { from: target.role, to: body.role },
        });
      }
      return updated;
    });
    if (self && revokeTokens && user.status === 'active') {
      return { user, token: await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion }) };
    }
    return { user };
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN, { field: 'email' });
    throw error;
  }
}

/**
 * Deletes an account (the route checked the caller is an admin): never oneself, never the last
 * admin. Soft delete: the row
 * stays so campaigns and audit entries keep their author, its tokens stop working, and the email
 * can be used for a new account.
 */
export async function deleteUser(db: Db, input: { actor: UserRow; target: UserRow; ip: string }): Promise<void> {
  const { actor, target } = input;
  if (actor.id === target.id) throw new Conflict('You cannot delete your own account.', { code: 'CANNOT_DELETE_SELF' });
  await db.transaction(async (tx) => {
    await lockMembership(tx);
    await assertNotLastAdmin(tx, target, 'This is the last active administrator and cannot be deleted.');
    await softDeleteUser(tx, target.id);
    await recordAudit(tx, {
      actor,
      action: 'user.delete',
      subject: 'User',
      subjectId: target.id,
      ip: input.ip,
      details: { email: target.email, role: target.role },
    });
  });
}
