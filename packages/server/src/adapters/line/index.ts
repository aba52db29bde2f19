import { createLineClient, type LineClientConfig } from './client';
import type { LineApi } from './line-api';

export type { LineApi, LineMessage, RichMenuRequest } from './line-api';
export { LineApiError } from './line-api';

/**
 * The LINE adapter: always the official SDK client, pointed at LINE_API_BASE_URL / LINE_DATA_API_BASE_URL.
 * Unset, that is LINE itself (production); main.ts starts the simulator in development and passes its URL;
 * tests start it on port 0. There is no silent no-op: a call either reaches a LINE API or fails.
 */
export const createLineApi = (config: LineClientConfig): LineApi => createLineClient(config);
