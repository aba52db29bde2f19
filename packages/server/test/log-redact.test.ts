// error logs never print customer data from a failed statement's parameters or from the
// database's detail (docs/decisions/foundation.md "Proxy, CSRF, throttling, data minimisation").
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactSqlText, redactUrl } from '../src/lib/log-redact';
import { build } from './helpers';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});
const t = await build({ logger: { level: 'info', stream } });

describe('redacted error logs', () => {
  it('a failed statement is logged with its SQL text but without its parameters', async () => {
    const err = await t.db
      .execute(sql`select ${'王小明'}::text as name, ${'0912345678'}::date as phone`)
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain('0912345678'); // what the logs used to print
    t.app.log.error({ err }, 'unhandled error');
    const logged = lines.join('');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('select $1::text as name');
    expect(logged).not.toContain('0912345678');
    expect(logged).not.toContain('王小明');
  });

  it('values quoted by the database are taken out, names kept', () => {
    expect(redactSqlText('Key (account_id, phone)=(3, 0912345678) already exists.')).toBe(
      'Key (account_id, phone)=([redacted]) already exists.',
    );
    expect(redactSqlText('invalid input syntax for type integer: "0912345678"')).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(redactSqlText('Failing row contains (1, 王小明, 0912345678).')).toBe(
      'Failing row contains ([redacted]).',
    );
  });

  it('the access log shows the path and the query names, not their values', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/portal/sales/orders?customer_phone=0912345678&customer_name=${encodeURIComponent('王小明')}&offset=0`,
    });
    expect(res.statusCode).toBe(401);
    const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0].url).toBe(
      '/console/apis/portal/sales/orders?customer_phone=[redacted]&customer_name=[redacted]&offset=[redacted]',
    );
    const logged = lines.join('');
    expect(logged).not.toContain('0912345678');
    expect(logged).not.toContain('王小明');
    expect(logged).not.toContain(encodeURIComponent('王小明'));
  });

  it('a URL without a query is logged as it is', () => {
    expect(redactUrl('/console/apis/shops/12')).toBe('/console/apis/shops/12');
    expect(redactUrl('/x?')).toBe('/x');
    expect(redactUrl('/x?flag&a=1')).toBe('/x?flag=[redacted]&a=[redacted]');
  });
});
