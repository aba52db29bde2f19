import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createS3Bucket, type ObjectBucket } from './client';
import { DEFAULT_S3_REGION, S3_SIMULATOR, type S3Config } from './s3-config';
import { createS3Simulator, simulatorCredentials } from './simulator';

export type { ObjectBucket } from './client';
export { parseS3Url, S3_SIMULATOR, type S3Config, s3Url } from './s3-config';

/**
 * The object storage by configuration (S3_URL): a URL = that S3-compatible service; `simulator` = the local
 * simulator on a free port (objects under DATA_DIR/s3-simulator, so they outlive a restart), closed with the
 * app, never in production; unset = none (uploads stay in the database).
 */
export const startObjectStorage = async (
  app: FastifyInstance,
  cfg: { s3?: S3Config | typeof S3_SIMULATOR; nodeEnv: string; dataDir?: string },
): Promise<ObjectBucket | null> => {
  if (!cfg.s3) return null;
  let s3: S3Config;
  if (cfg.s3 === S3_SIMULATOR) {
    if (cfg.nodeEnv === 'production')
      throw new Error('S3_URL=simulator is for development: production names a real S3 endpoint');
    s3 = { bucket: 'shopdesk-uploads', region: DEFAULT_S3_REGION, endpoint: '', ...simulatorCredentials() };
    const sim = await listenSimulator(
      createS3Simulator({ ...s3, dir: cfg.dataDir && path.join(cfg.dataDir, 's3-simulator') }).app,
    );
    app.addHook('onClose', async () => sim.close());
    s3.endpoint = sim.url;
    app.log.info(`S3 simulator: ${sim.url}/${s3.bucket} (set S3_URL to a real endpoint to use it)`);
  } else s3 = cfg.s3;
  const bucket = await createS3Bucket(s3);
  app.addHook('onClose', async () => bucket.close());
  return bucket;
};
