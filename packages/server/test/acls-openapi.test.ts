import { ACLS, API_BASE, aclForPath } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build, scopedCast } from './helpers';

/**
 * "Permissions": every route of the OpenAPI document, called by a shop manager (line user) holding
 * one single acl, is refused with 403 exactly where the contract's acl map (or the route's user types) says,
 * and nowhere else. The request is a bare one (no body, no query): refusal happens before validation, so a
 * route that lets the manager through answers 2xx, 400 or 404 but never 403.
 */
describe('acl map over the OpenAPI document (spec 002 §3 acls values)', async () => {
  const t = await build();
  const c = await scopedCast(t, { name: '權限巡查店' });
  const managers = await Promise.all(
    ACLS.map((acl) => t.signedIn('line', { shopAccountId: c.id, acls: [acl] })),
  );
  const doc = (await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` })).json() as {
    paths: Record<string, Record<string, { 'x-allow'?: string[] | string }>>;
  };
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, o]) => ({
      method: method.toUpperCase(),
      path,
      allow: o['x-allow'],
    })),
  );
  const PARAMS: Record<string, string> = { type: 'line', userType: 'line', onOff: 'on', action: 'accept' };
  const urlOf = (path: string) =>
    path.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => PARAMS[name] ?? String(c.id));

  it('finds the operations, with line-reachable routes of several acls', () => {
    expect(ops.length).toBeGreaterThan(100);
    const lineOps = ops.filter((o) => Array.isArray(o.allow) && o.allow.includes('line'));
    const needs = new Set(
      lineOps.map((o) => aclForPath(o.path.slice(API_BASE.length).replace(/\{(\w+)\}/g, ':$1'))),
    );
    // every acl value gates something a manager can reach
    expect(needs).toEqual(new Set([null, ...ACLS]));
  });

  it.each(ACLS.map((acl, i) => [acl, i] as const))('a manager holding only %s', async (acl, i) => {
    const manager = managers[i]!;
    const wrong: string[] = [];
    for (const op of ops) {
      if (!Array.isArray(op.allow)) continue; // public and point-of-sale routes take no console session
      const need = aclForPath(op.path.slice(API_BASE.length).replace(/\{(\w+)\}/g, ':$1'));
      const refused = !op.allow.includes('line') || (need !== null && need !== acl);
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: urlOf(op.path),
        headers: manager.headers,
        ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {}),
      });
      if ((res.statusCode === 403) !== refused) wrong.push(`${op.method} ${op.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
