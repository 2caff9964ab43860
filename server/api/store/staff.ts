import type { ExpressionBuilder, Kysely } from 'kysely';
import {
  MAX_STAFF_ACCOUNTS,
  STAFF_SESSION_HOURS,
  type AuditAction,
  type StaffAccountView,
  type StaffRole,
} from '../../../lib/api/staff-contract.ts';
import type { PasswordHash } from '../services/passwords.ts';
import { randomToken, tokenDigest } from '../services/tokens.ts';
import type { Database } from './schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * What staff rows may grow to. A staff member's sign-ins are limited only while they fail, so the
 * sessions a right password opens are capped per account (every tablet and phone of a shift fits).
 * The audit log keeps each entry for its age, not the newest so many: a count let one member's
 * repeated clicks push the owner's entries out (issue 29); each member's actions are rate-limited
 * instead, which bounds it.
 */
export const STAFF_CAPS = {
  sessionsPerStaff: 20,
  auditKeptDays: 180,
  // Each tablet and phone of a shift and the addresses they came from, with room to spare.
  knownClientsPerStaff: 50,
} as const;

/** A device or address stays known this long after its last good sign-in: a season's staff come back after a break. */
const KNOWN_CLIENT_DAYS = 90;
const DAY_MS = 24 * HOUR_MS;

export interface StaffAccount {
  staffId: number;
  retailerId: number;
  email: string;
  name: string;
  role: StaffRole;
}

export interface AuditEntry {
  at: string;
  staffName: string;
  action: AuditAction;
  subject: string;
}

const accountColumns = [
  'staff_accounts.staff_id',
  'staff_accounts.retailer_id',
  'staff_accounts.email',
  'staff_accounts.name',
  'staff_accounts.role',
] as const;

/**
 * When the account last signed in: its newest known client's, which the cap on known clients
 * always keeps (rememberClients drops the least recently used).
 */
const lastSignIn = (eb: ExpressionBuilder<Database, 'staff_accounts'>) =>
  eb
    .selectFrom('staff_known_clients')
    .select((known) => known.fn.max('staff_known_clients.last_sign_in_at').as('at'))
    .whereRef('staff_known_clients.staff_id', '=', 'staff_accounts.staff_id')
    .as('last_sign_in_at');

function viewOf(row: {
  staff_id: number;
  retailer_id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled_at: string | null;
  last_sign_in_at: string | null;
}): StaffAccountView {
  return {
    staffId: row.staff_id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabled: row.disabled_at !== null,
    lastSignInAt: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
  };
}

function accountOf(row: {
  staff_id: number;
  retailer_id: number;
  email: string;
  name: string;
  role: StaffRole;
}): StaffAccount {
  return { staffId: row.staff_id, retailerId: row.retailer_id, email: row.email, name: row.name, role: row.role };
}

/** Staff accounts, their sessions and the audit log of what they did, over the API's database or one transaction of it. */
export function createStaffStore(db: Kysely<Database>) {
  return {
    /** Null when the retailer already has an account with this email. */
    async insert(
      retailerId: number,
      account: { email: string; name: string; role: StaffRole },
      password: PasswordHash,
      now: Date,
    ): Promise<StaffAccount | null> {
      const existing = await db
        .selectFrom('staff_accounts')
        .select('staff_id')
        .where('retailer_id', '=', retailerId)
        .where('email', '=', account.email)
        .executeTakeFirst();
      if (existing) return null;
      const inserted = await db
        .insertInto('staff_accounts')
        .values({
          retailer_id: retailerId,
          email: account.email,
          name: account.name,
          role: account.role,
          password_salt: password.salt,
          password_hash: password.hash,
          created_at: now.toISOString(),
        })
        .returning('staff_id')
        .executeTakeFirstOrThrow();
      return { staffId: inserted.staff_id, retailerId, ...account };
    },

    async findByEmail(
      retailerId: number,
      email: string,
    ): Promise<{ account: StaffAccount; password: PasswordHash } | undefined> {
      const row = await db
        .selectFrom('staff_accounts')
        .select([...accountColumns, 'password_salt', 'password_hash'])
        .where('retailer_id', '=', retailerId)
        .where('email', '=', email)
        // A disabled account signs in as an unknown one does: the same 401.
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return row && { account: accountOf(row), password: { salt: row.password_salt, hash: row.password_hash } };
    },

    /**
     * A new session of STAFF_SESSION_HOURS; the caller hands the token out once. Expired sessions
     * go, and the account's oldest beyond STAFF_CAPS.sessionsPerStaff make room for this one.
     */
    async openSession(account: StaffAccount, now: Date): Promise<{ token: string; expiresAt: string }> {
      await db.deleteFrom('staff_sessions').where('expires_at', '<=', now.toISOString()).execute();
      const held = await db
        .selectFrom('staff_sessions')
        .select('token_hash')
        .where('staff_id', '=', account.staffId)
        .orderBy('expires_at', 'desc')
        .orderBy('token_hash')
        .execute();
      const dropped = held.slice(STAFF_CAPS.sessionsPerStaff - 1).map((row) => row.token_hash);
      if (dropped.length > 0) await db.deleteFrom('staff_sessions').where('token_hash', 'in', dropped).execute();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * HOUR_MS).toISOString();
      await db
        .insertInto('staff_sessions')
        .values({
          token_hash: tokenDigest(token),
          staff_id: account.staffId,
          retailer_id: account.retailerId,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The staff member a live session belongs to; undefined for an unknown or expired token. */
    async signedIn(token: string, now: Date): Promise<StaffAccount | undefined> {
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff_accounts', 'staff_accounts.staff_id', 'staff_sessions.staff_id')
        .select(accountColumns)
        .where('staff_sessions.token_hash', '=', tokenDigest(token))
        .where('staff_sessions.expires_at', '>', now.toISOString())
        // The session names its retailer too, so a row edited by hand cannot move it to another shop's account.
        .whereRef('staff_sessions.retailer_id', '=', 'staff_accounts.retailer_id')
        .where('staff_accounts.disabled_at', 'is', null)
        .executeTakeFirst();
      return row && accountOf(row);
    },

    /**
     * Whether one of `clientDigests` (a device's token, an address) signed in as this account within
     * KNOWN_CLIENT_DAYS. Looked up by retailer and email, so it answers false for an unknown account.
     */
    async isKnownClient(retailerId: number, email: string, clientDigests: string[], now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('staff_known_clients')
        .innerJoin('staff_accounts', 'staff_accounts.staff_id', 'staff_known_clients.staff_id')
        .select('staff_known_clients.client_digest')
        .where('staff_accounts.retailer_id', '=', retailerId)
        .where('staff_accounts.email', '=', email)
        .where('staff_known_clients.client_digest', 'in', clientDigests)
        .where(
          'staff_known_clients.last_sign_in_at',
          '>',
          new Date(now.getTime() - KNOWN_CLIENT_DAYS * DAY_MS).toISOString(),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Remembers the clients of a good sign-in; the account's least recently used beyond STAFF_CAPS.knownClientsPerStaff go. */
    async rememberClients(account: StaffAccount, clientDigests: string[], now: Date): Promise<void> {
      for (const clientDigest of clientDigests)
        await db
          .insertInto('staff_known_clients')
          .values({ staff_id: account.staffId, client_digest: clientDigest, last_sign_in_at: now.toISOString() })
          .onConflict((conflict) =>
            conflict.columns(['staff_id', 'client_digest']).doUpdateSet({ last_sign_in_at: now.toISOString() }),
          )
          .execute();
      const dropped = await db
        .selectFrom('staff_known_clients')
        .select('client_digest')
        .where('staff_id', '=', account.staffId)
        .orderBy('last_sign_in_at', 'desc')
        .orderBy('client_digest')
        .offset(STAFF_CAPS.knownClientsPerStaff)
        .limit(1000)
        .execute();
      if (dropped.length > 0)
        await db
          .deleteFrom('staff_known_clients')
          .where('staff_id', '=', account.staffId)
          .where(
            'client_digest',
            'in',
            dropped.map((row) => row.client_digest),
          )
          .execute();
    },

    /** The retailer's accounts, disabled ones too, by name. */
    async accounts(retailerId: number): Promise<StaffAccountView[]> {
      const rows = await db
        .selectFrom('staff_accounts')
        .select([...accountColumns, 'staff_accounts.disabled_at', lastSignIn])
        .where('retailer_id', '=', retailerId)
        .orderBy('name')
        .orderBy('staff_id')
        .limit(MAX_STAFF_ACCOUNTS)
        .execute();
      return rows.map(viewOf);
    },

    /** One account of the retailer, disabled or not; another retailer's is undefined, as an unknown one. */
    async account(retailerId: number, staffId: number): Promise<StaffAccountView | undefined> {
      const row = await db
        .selectFrom('staff_accounts')
        .select([...accountColumns, 'staff_accounts.disabled_at', lastSignIn])
        .where('retailer_id', '=', retailerId)
        .where('staff_id', '=', staffId)
        .executeTakeFirst();
      return row && viewOf(row);
    },

    async byEmail(retailerId: number, email: string): Promise<StaffAccountView | undefined> {
      const row = await db
        .selectFrom('staff_accounts')
        .select([...accountColumns, 'staff_accounts.disabled_at', lastSignIn])
        .where('retailer_id', '=', retailerId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row && viewOf(row);
    },

    async passwordOf(staffId: number): Promise<PasswordHash | undefined> {
      const row = await db
        .selectFrom('staff_accounts')
        .select(['password_salt', 'password_hash'])
        .where('staff_id', '=', staffId)
        .executeTakeFirst();
      return row && { salt: row.password_salt, hash: row.password_hash };
    },

    async change(staffId: number, change: { role?: StaffRole; disabled?: boolean }, now: Date): Promise<void> {
      await db
        .updateTable('staff_accounts')
        .set({
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.disabled === undefined ? {} : { disabled_at: change.disabled ? now.toISOString() : null }),
        })
        .where('staff_id', '=', staffId)
        .execute();
    },

    async setPassword(staffId: number, password: PasswordHash): Promise<void> {
      await db
        .updateTable('staff_accounts')
        .set({ password_salt: password.salt, password_hash: password.hash })
        .where('staff_id', '=', staffId)
        .execute();
    },

    /** Removes the account; its sessions and known devices go with it, its audit entries keep its name. */
    async remove(staffId: number): Promise<void> {
      await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
      await db.deleteFrom('staff_known_clients').where('staff_id', '=', staffId).execute();
      await db.updateTable('staff_audit').set({ staff_id: null }).where('staff_id', '=', staffId).execute();
      await db.deleteFrom('staff_accounts').where('staff_id', '=', staffId).execute();
    },

    /** Ends the account's sessions on every device and API process, but the one `keepToken` names. */
    async closeSessions(staffId: number, keepToken?: string): Promise<void> {
      let sessions = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
      if (keepToken !== undefined) sessions = sessions.where('token_hash', '!=', tokenDigest(keepToken));
      await sessions.execute();
    },

    /** How many of the retailer's owners may sign in. */
    async enabledOwners(retailerId: number): Promise<number> {
      const row = await db
        .selectFrom('staff_accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('retailer_id', '=', retailerId)
        .where('role', '=', 'owner')
        .where('disabled_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async closeSession(token: string): Promise<void> {
      await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenDigest(token)).execute();
    },

    /** Records what a staff member did; the retailer's entries older than STAFF_CAPS.auditKeptDays go. */
    async record(
      account: Pick<StaffAccount, 'retailerId' | 'name'> & { staffId: number | null },
      action: AuditAction,
      subject: string,
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('staff_audit')
        .values({
          retailer_id: account.retailerId,
          staff_id: account.staffId,
          staff_name: account.name,
          action,
          subject,
          at: now.toISOString(),
        })
        .execute();
      await db
        .deleteFrom('staff_audit')
        .where('retailer_id', '=', account.retailerId)
        .where('at', '<', new Date(now.getTime() - STAFF_CAPS.auditKeptDays * DAY_MS).toISOString())
        .execute();
    },

    /** The retailer's audit log, newest first. */
    async audit(retailerId: number, limit: number): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('staff_audit')
        .select(['at', 'staff_name', 'action', 'subject'])
        .where('retailer_id', '=', retailerId)
        .orderBy('audit_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ at: row.at, staffName: row.staff_name, action: row.action, subject: row.subject }));
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
