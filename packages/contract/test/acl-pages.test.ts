import { describe, expect, it } from 'vitest';
import {
  aclAllows,
  aclForPath,
  getContractsOp,
  getShopOp,
  listManagersOp,
  listPosUsersOp,
  putShopOp,
} from '../src/index';

// spec 002 §3 "Permission values (acls)": the calls a shop manager's pages open with, and the acl each needs.
// The console's sidebar and route guard ask the same map (web app/manager-pages.ts).
describe('the acl of the calls behind a manager’s pages (spec 002 §3)', () => {
  it('names shop, user, contract and admin for the info, order-machine, contract and permission pages', () => {
    expect(aclForPath(getShopOp.path)).toBe('shop');
    expect(aclForPath(putShopOp.path)).toBe('shop');
    expect(aclForPath(listPosUsersOp.path)).toBe('user');
    expect(aclForPath(getContractsOp.path)).toBe('contract');
    expect(aclForPath(listManagersOp.path)).toBe('admin');
  });

  it('binds line users only, and only to the value the call needs', () => {
    const manager = (acls: string[]) => ({ type: 'line', acls });
    expect(aclAllows(manager(['shop']), getShopOp.path)).toBe(true);
    expect(aclAllows(manager(['user', 'contract', 'admin']), getShopOp.path)).toBe(false);
    expect(aclAllows(manager([]), listPosUsersOp.path)).toBe(false);
    expect(aclAllows({ type: 'eaa', acls: [] }, listManagersOp.path)).toBe(true);
  });
});
