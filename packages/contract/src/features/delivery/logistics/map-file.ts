import { kml } from '@tmcw/togeojson';
import type { FeatureCollection, Geometry } from 'geojson';
import { msg, type TMessage } from '../../../common/errors';
import {
  DELIVERY_RULE_LIMITS,
  DELIVERY_RULE_MESSAGES,
  type TDeliveryRule,
  type TRulePoint,
} from './delivery-rules';

/**
 * KML / KMZ upload of the rule editor (spec 001 §5: the file must be .kml or .kmz; only Polygon features are
 * read). Not exported from the contract's index: the map pages import it from '@shopdesk/contract/map-file'
 * so togeojson and the zip reader stay in their lazy chunk.
 */
export const MAP_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const MAP_FILE_EXTENSIONS = ['.kml', '.kmz'] as const;

export const isMapFileName = (name: string) =>
  MAP_FILE_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));

export type TMapFileResult = { ok: true; rules: TDeliveryRule[] } | { ok: false; message: TMessage };

const zoneName = (props: Record<string, unknown> | null, n: number) => {
  const name = typeof props?.name === 'string' ? props.name.trim() : '';
  return (name || `範圍 ${n}`).slice(0, DELIVERY_RULE_LIMITS.nameMax);
};

/**
 * One map rule per Polygon feature (its outer ring; x = latitude, y = longitude, closed). Points, lines,
 * MultiPolygons and other kinds are skipped.
 */
export const zonesFromGeoJson = (fc: FeatureCollection<Geometry | null>): TDeliveryRule[] => {
  const rules: TDeliveryRule[] = [];
  for (const f of fc.features) {
    if (f.geometry?.type !== 'Polygon') continue;
    const outer = f.geometry.coordinates[0] ?? [];
    const points: TRulePoint[] = outer
      .slice(0, DELIVERY_RULE_LIMITS.pointsPerPolygon)
      .map(([lng, lat]) => ({ x: Number(lat), y: Number(lng) }))
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (points.length < 3) continue;
    const first = points[0]!;
    const last = points[points.length - 1]!;
    if (first.x !== last.x || first.y !== last.y) points.push({ ...first });
    rules.push({
      type: 'map',
      name: zoneName(f.properties as Record<string, unknown> | null, rules.length + 1),
      polygons: [points],
      minDistanceInMeter: null,
      maxDistanceInMeter: null,
      deliveryCharge: 0,
      additionalDeliveryTime: 0,
      qtyLimit: 0,
      amountLimit: 0,
    });
  }
  return rules;
};

export const MAP_FILE_MESSAGES = {
  tooLarge: msg('地圖檔案過大（上限 5 MB）', 'The map file is too large (max 5 MB)'),
} as const;

/**
 * Reads an uploaded .kml or .kmz (a zip holding a .kml, usually doc.kml) into map rules. `parseXml` is the
 * browser's DOMParser (or @xmldom/xmldom in tests).
 */
export const readMapFile = async (
  name: string,
  bytes: ArrayBuffer | Uint8Array,
  parseXml: (text: string) => Parameters<typeof kml>[0],
): Promise<TMapFileResult> => {
  if (!isMapFileName(name)) return { ok: false, message: DELIVERY_RULE_MESSAGES.mapFileType };
  if (bytes.byteLength > MAP_FILE_MAX_BYTES) return { ok: false, message: MAP_FILE_MESSAGES.tooLarge };
  let text: string;
  try {
    if (name.toLowerCase().endsWith('.kmz')) {
      const { default: JSZip } = await import('jszip');
      const zip = await JSZip.loadAsync(bytes);
      const entry =
        zip.file('doc.kml') ?? zip.file(/\.kml$/i).sort((a, b) => a.name.localeCompare(b.name))[0] ?? null;
      if (!entry) return { ok: false, message: DELIVERY_RULE_MESSAGES.mapFileUnreadable };
      text = await entry.async('string');
    } else text = new TextDecoder().decode(bytes);
    const rules = zonesFromGeoJson(kml(parseXml(text)));
    if (rules.length === 0) return { ok: false, message: DELIVERY_RULE_MESSAGES.mapFileNoPolygon };
    return { ok: true, rules };
  } catch {
    return { ok: false, message: DELIVERY_RULE_MESSAGES.mapFileUnreadable };
  }
};
