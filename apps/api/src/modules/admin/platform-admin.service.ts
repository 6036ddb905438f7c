import { emailField, nameField, newPasswordField, phoneE164Field } from '@freightlane/domain';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password-hash';
import {
  findUserByEmail,
  findUserByPhone,
  insertCompany,
  insertUser,
  type CompanyRow,
  type UserRow,
} from '../../queries/user.repository';
import { findPlatformCompany, holdPlatformAdminLock } from './platform-admin.repository';

/** The company made for the first administrator when the platform has none yet (the demo's name for it). */
export const PLATFORM_COMPANY_NAME = 'Freightlane Operations';

/** Where an administrator made on the server's command line came from, as the audit log records it. */
export const COMMAND_LINE_ORIGIN: RequestOrigin = { ip: 'command-line' };

/** A new platform administrator: each field under the rules sign-up applies to it. */
export const platformAdminInput = z.strictObject({
  email: emailField,
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  phoneNumber: phoneE164Field,
  password: newPasswordField,
});
export type PlatformAdminInput = z.input<typeof platformAdminInput>;
type CheckedInput = z.output<typeof platformAdminInput>;

/** Who made the administrator: no platform user (there may be none yet), but an account on the server. */
export interface CommandLineOperator {
  /** The operating-system account that ran the command. */
  systemUser: string;
}

export interface CreatedPlatformAdmin {
  user: UserRow;
  company: CompanyRow;
  /** Whether this administrator's arrival made the platform company (the first administrator). */
  companyCreated: boolean;
}

/** The input under the product's rules, or a 400 naming every field at fault. */
export function checkPlatformAdminInput(input: PlatformAdminInput): CheckedInput {
  const parsed = platformAdminInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError('BAD_REQUEST', errors.map((e) => e.message).join('; '), { errors });
}

/** Refuses an e-mail address or phone number another account holds; nothing is written then. */
async function assertLoginFree(db: Executor, input: CheckedInput): Promise<void> {
  if (await findUserByEmail(db, input.email)) {
    throw new AppError(
      'CONFLICT',
      `An account with the e-mail ${input.email} already exists; nothing was changed. Its owner can set a new password with "Forgot password" on the sign-in page.`,
      { errors: [{ field: 'email', message: 'This e-mail is already registered.' }] },
    );
  }
  if (await findUserByPhone(db, input.phoneNumber)) {
    throw new AppError(
      'CONFLICT',
      `The phone number ${input.phoneNumber} is already registered to another account; nothing was changed.`,
      { errors: [{ field: 'phoneNumber', message: 'This phone number is already registered.' }] },
    );
  }
}

/**
 * Makes a platform administrator (role_admin) who can sign in at once: active, the e-mail address taken
 * as verified (the operator vouches for it, so no activation link is sent), in the platform's company,
 * which the first administrator brings into being. There is no caller to check: no HTTP route leads
 * here, only the server's command line, whose user already holds the database's credentials. The terms
 * are not recorded as accepted, since the operator cannot accept them for the person; like an invited
 * fleet manager, the administrator gives that consent when setting a password through a reset link.
 */
export async function createPlatformAdmin(
  db: Db,
  input: PlatformAdminInput,
  operator: CommandLineOperator,
): Promise<CreatedPlatformAdmin> {
  const checked = checkPlatformAdminInput(input);
  // Hashed before the transaction, so the lock is not held through argon2's deliberate slowness.
  const passwordHash = await hashPassword(checked.password);
  try {
    return await db.transaction(async (tx) => {
      await holdPlatformAdminLock(tx);
      await assertLoginFree(tx, checked);
      const now = new Date();
      const existing = await findPlatformCompany(tx);
      const company =
        existing ??
        (await insertCompany(tx, {
          name: PLATFORM_COMPANY_NAME,
          type: 'PLATFORM',
          verificationStatus: 'VERIFIED',
          verifiedAt: now,
        }));
      const user = await insertUser(tx, {
        companyId: company.id,
        email: checked.email,
        phoneNumber: checked.phoneNumber,
        firstName: checked.firstName,
        lastName: checked.lastName,
        passwordHash,
        userType: 'ADMIN',
        activatedAt: now,
      });
      await audit(tx, { userId: null, companyId: company.id }, COMMAND_LINE_ORIGIN, {
        action: 'user.admin_created',
        entityType: 'user',
        entityId: user.id,
        data: {
          userType: 'ADMIN',
          via: 'command line',
          systemUser: operator.systemUser,
          platformCompanyCreated: !existing,
        },
      });
      return { user, company, companyCreated: !existing };
    });
  } catch (err) {
    // A sign-up through the API took the address or number between the check and the insert.
    if (uniqueViolation(err)) await assertLoginFree(db, checked);
    throw err;
  }
}
