import { ROLE, holdsRole, roleWords, rolesOf } from './roles';
import { RolesStore } from './roles.store';

describe('rolesOf', () => {
  it('reads the standalone host list and middlewared JSON set alike', () => {
    expect(rolesOf({ privilege: { roles: ['READONLY_ADMIN'] } })).toEqual(['READONLY_ADMIN']);
    expect(rolesOf({ privilege: { roles: { $set: ['FULL_ADMIN', 'SYSTEM_ADVANCED_WRITE'] } } }))
      .toEqual(['FULL_ADMIN', 'SYSTEM_ADVANCED_WRITE']);
  });

  it('is null when the answer carries no roles', () => {
    expect(rolesOf(null)).toBeNull();
    expect(rolesOf({ pw_name: 'admin' })).toBeNull();
    expect(rolesOf({ privilege: { roles: 'FULL_ADMIN' } })).toBeNull();
  });
});

describe('holdsRole', () => {
  const has = (roles: string[], role: string) => holdsRole(new Set(roles), role);

  it('FULL_ADMIN grants every role', () => {
    expect(has(['FULL_ADMIN'], ROLE.write)).toBe(true);
    expect(has(['FULL_ADMIN'], 'POOL_WRITE')).toBe(true);
  });

  it('READONLY_ADMIN grants reads only (the standalone host lists only the account role)', () => {
    expect(has(['READONLY_ADMIN'], ROLE.read)).toBe(true);
    expect(has(['READONLY_ADMIN'], ROLE.write)).toBe(false);
    expect(has(['READONLY_ADMIN'], ROLE.fullAdmin)).toBe(false);
  });

  it('a write role grants its read role, not another write role or FULL_ADMIN', () => {
    expect(has([ROLE.write], ROLE.read)).toBe(true);
    expect(has([ROLE.write], ROLE.write)).toBe(true);
    expect(has([ROLE.write], 'SYSTEM_TUNABLE_WRITE')).toBe(false);
    expect(has([ROLE.write], ROLE.fullAdmin)).toBe(false);
    expect(has([ROLE.read], ROLE.write)).toBe(false);
  });
});

describe('roleWords', () => {
  it('names the roles the panel needs in words, and spells any other from its name', () => {
    expect(roleWords(ROLE.write)).toBe('System advanced write');
    expect(roleWords(ROLE.fullAdmin)).toBe('Full admin');
    expect(roleWords('POOL_SCRUB_WRITE')).toBe('Pool scrub write');
  });
});

describe('RolesStore', () => {
  it('holds nothing back until the roles are known', () => {
    const store = new RolesStore();
    expect(store.lacks(ROLE.write)).toBeNull();
    expect(store.readOnly()).toBe(false);
  });

  it('says which role a read-only session lacks, and that it is read-only', () => {
    const store = new RolesStore();
    store.set(['READONLY_ADMIN']);
    expect(store.lacks(ROLE.write)).toBe(ROLE.write);
    expect(store.lacks(ROLE.read)).toBeNull();
    expect(store.lacks(null)).toBeNull();
    expect(store.readOnly()).toBe(true);
    store.set(null);
    expect(store.readOnly()).toBe(false);
  });
});
