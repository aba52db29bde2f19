import type { Readable } from 'node:stream';
import type { S3Config } from './s3-config';

/** One bucket of an S3-compatible object storage: what the upload store needs of it. */
export type ObjectBucket = {
  /** Stores the bytes under `key` (an existing object of that key is replaced). */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The object's bytes as a stream, or null when no object has that key. */
  open: (key: string) => Promise<{ body: Readable; size: number } | null>;
  close: () => void;
};

/** S3 (and the simulator) says the key is not there. */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The bucket through the AWS SDK (@aws-sdk/client-s3), path-style so S3-compatible services (MinIO, R2)
 * and the local simulator answer at the configured endpoint. The SDK signs each request (SigV4) and retries
 * the retryable failures (3 attempts); bounded time-outs so a frozen storage fails a request, never holds it.
 * Checksums only where the operation requires them: several S3-compatible services refuse the SDK's newer
 * default trailing checksums. The SDK is loaded here, when object storage is configured, not at every start.
 */
export const createS3Bucket = async (c: S3Config): Promise<ObjectBucket> => {
  const { GetObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    endpoint: c.endpoint,
    region: c.region,
    forcePathStyle: true,
    credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  return {
    put: async (key, bytes, contentType) => {
      await s3.send(
        new PutObjectCommand({
          Bucket: c.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    open: async (key) => {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: c.bucket, Key: key }));
        return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    close: () => s3.destroy(),
  };
};
