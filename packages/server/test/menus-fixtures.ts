import { randomBytes } from 'node:crypto';
import type { TMenu, TMenuProduct } from '@shopdesk/contract';
import { expect } from 'vitest';
import type { build } from './helpers';

type T = Awaited<ReturnType<typeof build>>;
type Headers = { cookie: string };

/** The menu API of a shop as a portal type calls it. */
export const menuUrl = (type: string, accountId: number, rest = '') =>
  `/console/apis/${type}/shops/${accountId}/menu${rest}`;

/** A small menu through the API: one class and one product; returns their ids. */
export const seedSmallMenu = async (
  t: T,
  type: string,
  headers: Headers,
  accountId: number,
  product: Record<string, unknown> = {},
) => {
  const cls = await t.app.inject({
    method: 'POST',
    url: menuUrl(type, accountId, '/classes'),
    headers,
    payload: { names: { zh: '主食', en: 'Mains' } },
  });
  expect(cls.statusCode, cls.body).toBe(201);
  const classId = cls.json().class.id as number;
  const res = await t.app.inject({
    method: 'POST',
    url: menuUrl(type, accountId, '/products'),
    headers,
    payload: {
      classId,
      names: { zh: '滷肉飯', en: 'Braised pork rice' },
      price: 45,
      mealTypes: ['eat_in', 'to_go'],
      ...product,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { classId, product: res.json().product as TMenuProduct };
};

export const readMenu = async (t: T, type: string, headers: Headers, accountId: number) => {
  const res = await t.app.inject({ method: 'GET', url: menuUrl(type, accountId), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMenu;
};

/** A multipart/form-data body with one file field, as a browser sends it. */
export const multipartFile = (field: string, filename: string, type: string, content: Buffer) => {
  const boundary = `----shopdesk${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
