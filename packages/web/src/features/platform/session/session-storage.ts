import type { TRememberedPortal, TUser, TUserType } from '@shopdesk/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

// The contract's USER_TYPES, REMEMBERED_PORTALS and DEFAULT_PORTAL, spelled here because their module
// also builds zod schemas, which the login route's first load leaves out. The Records make tsc fail
// when the contract's types gain or lose a member.
const USER_TYPES: Record<TUserType, true> = { gaa: true, si: true, eaa: true, line: true };
const REMEMBERED: Record<TRememberedPortal, true> = { gaa: true, si: true, eaa: true };
const DEFAULT_PORTAL: TRememberedPortal = 'eaa'; // spec 000 §2 "default eaa"

/** The stored user, or null when absent or not a user (an old or hand-edited value). */
export const readStoredUser = (): TUser | null => {
  try {
    const value = JSON.parse(readStorage(STORAGE_KEYS.user) ?? 'null') as Partial<TUser> | null;
    if (
      value &&
      typeof value.id === 'number' &&
      (value.type ?? '') in USER_TYPES &&
      typeof value.name === 'string'
    ) {
      return {
        id: value.id,
        type: value.type as TUserType,
        name: value.name,
        email: String(value.email ?? ''),
      };
    }
  } catch {
    // unreadable: treat as signed out
  }
  return null;
};

export const storeUser = (user: TUser | null) =>
  writeStorage(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);

const isRemembered = (value: string | null): value is TRememberedPortal =>
  value !== null && value in REMEMBERED;

/** spec 000 §2 route guard: the last portal type (gaa, si, eaa), default eaa. */
export const rememberedPortal = (): TRememberedPortal => {
  const value = readStorage(STORAGE_KEYS.portal);
  return isRemembered(value) ? value : DEFAULT_PORTAL;
};

/** spec 000 §4: line users belong to the eaa portal once signed out. */
export const portalOf = (type: TUserType): TRememberedPortal => (type === 'line' ? 'eaa' : type);

export const rememberPortal = (type: TUserType) => writeStorage(STORAGE_KEYS.portal, portalOf(type));

export const loginPath = (portal: TUserType) => `/${portal}-login`;
