/**
 * Where uploads go when they leave the database (docs/decisions/operations.md "Uploads: S3_URL"): one URL
 * names the endpoint, the bucket, the region and the key pair,
 * `https://ACCESS_KEY_ID:SECRET_ACCESS_KEY@host[:port]/bucket[?region=ap-northeast-1]`
 * (the key pair percent-encoded where it holds `/`, `+` or `@`). Requests are path-style
 * (`host/bucket/key`), which AWS S3, MinIO, Cloudflare R2, Backblaze B2 and the local simulator all accept.
 * `S3_URL=simulator` starts the local simulator (development only).
 */
export type S3Config = {
  /** scheme://host[:port] */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The value of S3_URL that starts the local simulator (adapters/object-storage/simulator.ts). */
export const S3_SIMULATOR = 'simulator';

export const DEFAULT_S3_REGION = 'us-east-1';

/** Bucket names as S3 allows them (3-63 lower-case letters, digits, dots, hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{2,40}$/;

/** S3_URL parsed, or the reason it is not usable. */
export const parseS3Url = (raw: string): S3Config | { error: string } => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'must be a URL: https://KEY_ID:SECRET@host/bucket?region=…, or "simulator"' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: 'must start with https:// or http://' };
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!accessKeyId || !secretAccessKey)
    return { error: 'must carry the key pair: https://KEY_ID:SECRET@host/bucket' };
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!BUCKET.test(bucket))
    return { error: 'must name one bucket as its path: https://KEY_ID:SECRET@host/bucket' };
  const region = url.searchParams.get('region') ?? DEFAULT_S3_REGION;
  if (!REGION.test(region)) return { error: 'has a region that is not a region name (e.g. ap-northeast-1)' };
  return { endpoint: url.origin, bucket, region, accessKeyId, secretAccessKey };
};

/** The S3_URL naming a configuration (tests, the simulator's own address). */
export const s3Url = (c: S3Config) => {
  const u = new URL(c.endpoint);
  u.username = encodeURIComponent(c.accessKeyId);
  u.password = encodeURIComponent(c.secretAccessKey);
  u.pathname = `/${c.bucket}`;
  u.searchParams.set('region', c.region);
  return u.toString();
};
