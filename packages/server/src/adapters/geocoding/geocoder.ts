/** What order intake needs of a geocoding service. */
export type LatLng = { lat: number; lng: number };
export type Geocoder = {
  /** The point of an address, or null when the service finds none. Throws when the service fails. */
  geocode: (address: string) => Promise<LatLng | null>;
  /** The service's own form of an address and its point (the store directory tool), or null. */
  findAddress: (address: string) => Promise<(LatLng & { address: string }) | null>;
  /** Driving distance in meters, or null when no route is known. */
  routeMeters: (from: LatLng, to: LatLng) => Promise<number | null>;
};

export class GeocoderError extends Error {}
