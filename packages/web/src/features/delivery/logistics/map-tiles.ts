/**
 * Map tiles come from a configurable URL (VITE_MAP_TILE_URL at build time; OpenStreetMap's by default).
 * Drawing and editing zones never needs them: with no tile reachable the map is a blank grid that still
 * takes clicks.
 */
export const TILE_URL: string =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ||
  'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '© OpenStreetMap contributors';
/** spec 001 §9: the map's default centre is a fixed city location (Taipei Main Station), zoom 14. */
export const DEFAULT_CENTER: [number, number] = [25.0478, 121.517];
export const DEFAULT_ZOOM = 14;
/** Zone colours, one per shop or rule, so overlaps show. */
export const ZONE_COLORS = [
  '#1677ff',
  '#fa541c',
  '#52c41a',
  '#722ed1',
  '#eb2f96',
  '#faad14',
  '#13c2c2',
  '#a0d911',
];
