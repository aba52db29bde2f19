import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local S3-compatible object storage for development and tests (never in production: config.ts refuses
 * S3_URL=simulator there). It speaks the part of the S3 REST API the upload store's client uses, path-style
 * (`/bucket/key`): PutObject, GetObject, HeadObject, DeleteObject. Every request must carry a valid AWS
 * Signature Version 4 of the configured key pair (checked here from the canonical request, independently of
 * the SDK that signed it), and a signed payload must match its x-amz-content-sha256. Failures answer S3's
 * XML error shape (`<Error><Code>NoSuchKey</Code>…`) with S3's status codes.
 */
export type S3SimulatorOptions = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects are also written here and read back after a restart (development); unset = memory only. */
  dir?: string;
};

export type StoredObject = { bytes: Buffer; contentType: string; etag: string; lastModified: Date };

/** How far a request's x-amz-date may be from the simulator's clock (S3's own limit). */
const MAX_SKEW_MS = 15 * 60_000;
const MAX_OBJECT_BYTES = 50 * 1024 * 1024;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

const canonicalQuery = (raw: string) =>
  raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const k = eq < 0 ? pair : pair.slice(0, eq);
      const v = eq < 0 ? '' : pair.slice(eq + 1);
      return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

const headerValue = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');

/** 20261127T091500Z */
const parseAmzDate = (v: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
};

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!,
  );

export const createS3Simulator = (opts: S3SimulatorOptions) => {
  const objects = new Map<string, StoredObject>();
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const fileOf = (key: string) => path.join(opts.dir!, encodeURIComponent(key));
  const load = (key: string): StoredObject | undefined => {
    const known = objects.get(key);
    if (known || !opts.dir) return known;
    try {
      const meta = JSON.parse(readFileSync(`${fileOf(key)}.json`, 'utf8')) as {
        contentType: string;
        etag: string;
        lastModified: string;
      };
      const found = { ...meta, bytes: readFileSync(fileOf(key)), lastModified: new Date(meta.lastModified) };
      objects.set(key, found);
      return found;
    } catch {
      return undefined;
    }
  };

  /** Checks the request's SigV4 signature and payload hash; throws the S3 error S3 would answer. */
  const authenticate = (req: FastifyRequest, body: Buffer) => {
    const auth = req.headers.authorization;
    if (!auth) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/(\d{8})\/([^/,]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([a-f0-9]{64})$/.exec(
        auth,
      );
    if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    const [, keyId, day, region, signedList, signature] = m as unknown as string[];
    if (keyId !== opts.accessKeyId)
      throw new S3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    if (region !== opts.region)
      throw new S3Error(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${region}' is wrong; expecting '${opts.region}'`,
      );
    const amzDate = headerValue(req.headers['x-amz-date']);
    const when = parseAmzDate(amzDate);
    if (Number.isNaN(when) || !amzDate.startsWith(day!))
      throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(Date.now() - when) > MAX_SKEW_MS)
      throw new S3Error(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    const signed = signedList!.split(';');
    if (!signed.includes('host') || !signed.includes('x-amz-date'))
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'host and x-amz-date must be signed');
    const payloadHash = headerValue(req.headers['x-amz-content-sha256']);
    if (!payloadHash)
      throw new S3Error(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    if (payloadHash.startsWith('STREAMING-'))
      throw new S3Error(501, 'NotImplemented', 'Chunked uploads are not implemented by the simulator');
    const rawUrl = req.raw.url ?? '/';
    const q = rawUrl.indexOf('?');
    const canonicalRequest = [
      req.method,
      q < 0 ? rawUrl : rawUrl.slice(0, q),
      q < 0 ? '' : canonicalQuery(rawUrl.slice(q + 1)),
      ...signed.map((h) => `${h}:${headerValue(req.headers[h])}`),
      '',
      signedList,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
    const expected = hmac(key, stringToSign);
    if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex')))
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
  };

  const app = Fastify({ logger: false, exposeHeadRoutes: false, bodyLimit: MAX_OBJECT_BYTES });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const fail = (req: FastifyRequest, reply: FastifyReply, err: S3Error, resource: string) => {
    reply.code(err.status).header('x-amz-request-id', req.id);
    // HEAD answers carry no body: the status says it
    if (req.method === 'HEAD') return reply.send();
    return reply
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${req.id}</RequestId></Error>`,
      );
  };

  app.route({
    method: ['GET', 'HEAD', 'PUT', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      const pathname = (req.raw.url ?? '/').split('?')[0]!;
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        authenticate(req, body);
        const [, bucket = '', ...rest] = pathname.split('/');
        const key = decodeURIComponent(rest.join('/'));
        if (decodeURIComponent(bucket) !== opts.bucket)
          throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
        if (!key)
          throw new S3Error(501, 'NotImplemented', 'Bucket operations are not implemented by the simulator');
        reply.header('x-amz-request-id', req.id);
        if (req.method === 'PUT') {
          const stored: StoredObject = {
            bytes: body,
            contentType: headerValue(req.headers['content-type']) || 'binary/octet-stream',
            etag: `"${createHash('md5').update(body).digest('hex')}"`,
            lastModified: new Date(),
          };
          objects.set(key, stored);
          if (opts.dir) {
            writeFileSync(fileOf(key), body);
            writeFileSync(
              `${fileOf(key)}.json`,
              JSON.stringify({
                contentType: stored.contentType,
                etag: stored.etag,
                lastModified: stored.lastModified,
              }),
            );
          }
          return reply.header('etag', stored.etag).send();
        }
        if (req.method === 'DELETE') {
          objects.delete(key);
          return reply.code(204).send();
        }
        const found = load(key);
        if (!found) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        reply
          .type(found.contentType)
          .header('etag', found.etag)
          .header('last-modified', found.lastModified.toUTCString())
          .header('content-length', found.bytes.length);
        return req.method === 'HEAD' ? reply.send() : reply.send(found.bytes);
      } catch (err) {
        if (err instanceof S3Error) return fail(req, reply, err, pathname);
        throw err;
      }
    },
  });
  return { app, objects };
};

/** A key pair for a simulator started here (main.ts, tests). */
export const simulatorCredentials = () => ({
  accessKeyId: `SIM${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64url'),
});
