import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * packages/server, the folder the files read at run time are found from (drizzle/, assets/, ../web/dist).
 * This module is src/paths.ts under tsx and vitest, and inside dist/<entry>.js once built (`npm run build`,
 * scripts/build-server.mjs): one folder below packages/server either way (docs/decisions "A built server").
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
