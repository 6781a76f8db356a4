import { T } from '../i18n/translate-marker';

/**
 * TrueNAS roles the panel's controls need, as the plugin declares them (middleware/tuning/framework.py READ_ROLES and
 * WRITE_ROLES on each api_method) and as middlewared declares its own methods (`system.reboot`: FULL_ADMIN).
 */
export const ROLE = {
  /** Every query, state, profile, preview, report and export of the plugin. */
  read: 'SYSTEM_ADVANCED_READ',
  /** Every change: apply, revert, presets, benchmarks, campaigns, network, client sessions, imports, deletes. */
  write: 'SYSTEM_ADVANCED_WRITE',
  /** Reboot, and aborting a job another user started. */
  fullAdmin: 'FULL_ADMIN',
} as const;

export type Role = string;

/** Role names in words, as the web UI's privilege form names them (sentence case, to sit inside a sentence). */
const ROLE_WORDS: Record<string, string> = {
  SYSTEM_ADVANCED_READ: T('System advanced read'),
  SYSTEM_ADVANCED_WRITE: T('System advanced write'),
  FULL_ADMIN: T('Full admin'),
  READONLY_ADMIN: T('Read-only admin'),
};

/** A role in words; one the panel has no words for is spelt from its name (`POOL_WRITE` → "Pool write"). */
export function roleWords(role: Role): string {
  const known = ROLE_WORDS[role];
  if (known) {
    return known;
  }
  const words = role.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The roles of an `auth.me` answer (also the `user_info` of a successful `auth.login_ex`): `privilege.roles` is a
 * list on the standalone host and middlewared's JSON form of a Python set, `{"$set": [...]}`, in TrueNAS. Null when
 * the answer carries none (the panel then holds nothing back; the server still checks every call).
 */
export function rolesOf(userInfo: unknown): string[] | null {
  const roles = (userInfo as { privilege?: { roles?: unknown } } | null | undefined)?.privilege?.roles;
  const list = Array.isArray(roles) ? roles : (roles as { $set?: unknown } | null | undefined)?.$set;
  return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string') : null;
}

/**
 * Whether holding `roles` grants `role`, as middlewared's RoleManager expands them (TrueNAS lists them expanded in
 * auth.me, the standalone host only the account's own): FULL_ADMIN grants every role, READONLY_ADMIN every `*_READ`
 * role, and a `*_WRITE` role its `*_READ` counterpart.
 */
export function holdsRole(roles: ReadonlySet<string>, role: Role): boolean {
  if (roles.has(ROLE.fullAdmin) || roles.has(role)) {
    return true;
  }
  if (role.endsWith('_READ')) {
    return roles.has('READONLY_ADMIN') || roles.has(`${role.slice(0, -'_READ'.length)}_WRITE`);
  }
  return false;
}
