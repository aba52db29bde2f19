/**
 * What the store directory tool needs of LINE SPOT (docs/decisions/chat.md "Store directory: LINE SPOT"): one spot
 * per shop and SI (the SI is LINE SPOT's content provider), read, written whole, removed.
 */
export type SpotLocation = { latitude: number; longitude: number };

/** A spot as LINE SPOT stores it (its own field names). */
export type Spot = {
  storeId: string;
  providerId: string;
  name: string;
  phone: string;
  address: string;
  location: SpotLocation | null;
  updatedAt: string;
};

export type SpotInput = Pick<Spot, 'name' | 'phone' | 'address' | 'location'>;

export type LineSpotApi = {
  /** The spot, or null when LINE SPOT has none for this shop under this provider. */
  get: (providerId: string, storeId: string) => Promise<Spot | null>;
  /** Creates or replaces the spot (PUT: repeating it is harmless). */
  put: (providerId: string, storeId: string, input: SpotInput) => Promise<Spot>;
  /** Removes the spot; false when there was none. */
  remove: (providerId: string, storeId: string) => Promise<boolean>;
};

/**
 * LINE SPOT answered an error (`{ errorCode, errorMessage, details? }`) or could not be reached (status 0).
 * retryAfterMs: its Retry-After on 429 / 503.
 */
export class LineSpotError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly reason: string,
    readonly retryAfterMs?: number,
  ) {
    super(`LINE SPOT ${status} ${code}: ${reason}`);
  }
}

/** LINE SPOT's error body. */
export type SpotErrorBody = {
  errorCode: string;
  errorMessage: string;
  details?: { property: string; message: string }[];
};
