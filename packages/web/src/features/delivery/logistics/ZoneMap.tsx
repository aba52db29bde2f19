// first: the global L must exist before geoman loads
import { L } from './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { TRulePoint } from '@shopdesk/contract';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { DEFAULT_CENTER, DEFAULT_ZOOM, TILE_ATTRIBUTION, TILE_URL, ZONE_COLORS } from './map-tiles';

export type TMapZone = { name: string; polygons: TRulePoint[][]; color?: string };

type Props = {
  zones: readonly TMapZone[];
  /** Polygons the user draws and edits (the rule popup); changes are reported closed, x = latitude. */
  editable?: { polygons: TRulePoint[][]; onChange: (polygons: TRulePoint[][]) => void };
  center?: { lat: number; lng: number } | null;
  height?: number;
  testId?: string;
};

const toLatLngs = (p: readonly TRulePoint[]) => {
  const pts = p.map((q) => L.latLng(q.x, q.y));
  // Leaflet closes polygons itself: drop the repeated first point
  if (pts.length > 1 && pts[0]!.equals(pts[pts.length - 1]!)) pts.pop();
  return pts;
};
const fromLayer = (layer: L.Polygon): TRulePoint[] => {
  const ring = (layer.getLatLngs()[0] ?? []) as L.LatLng[];
  const pts = ring.map((ll) => ({ x: Number(ll.lat.toFixed(6)), y: Number(ll.lng.toFixed(6)) }));
  return pts.length > 0 ? [...pts, { ...pts[0]! }] : [];
};

/**
 * A Leaflet map of delivery zones (spec 001 §2.4 "a custom delivery-rules table with a map"). With
 * `editable`, geoman's toolbar draws, edits and removes polygons; everything works without tiles.
 */
export const ZoneMap = ({ zones, editable, center, height = 360, testId }: Props) => {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const shown = useRef<L.FeatureGroup | null>(null);
  const drawn = useRef<L.FeatureGroup | null>(null);
  const onChange = useRef(editable?.onChange);
  onChange.current = editable?.onChange;

  // the map itself, once
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM });
    L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: 19 }).addTo(m);
    shown.current = L.featureGroup().addTo(m);
    drawn.current = L.featureGroup().addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  // read-only zones
  useEffect(() => {
    const m = map.current;
    const group = shown.current;
    if (!m || !group) return;
    group.clearLayers();
    zones.forEach((z, i) => {
      for (const p of z.polygons)
        if (p.length >= 3) {
          const color = z.color ?? ZONE_COLORS[i % ZONE_COLORS.length]!;
          L.polygon(toLatLngs(p), { color, fillOpacity: 0.25, pmIgnore: true } as L.PolylineOptions)
            .bindTooltip(z.name)
            .addTo(group);
        }
    });
    const bounds = group.getBounds();
    if (bounds.isValid()) m.fitBounds(bounds, { padding: [20, 20], maxZoom: 16 });
    else if (center) m.setView([center.lat, center.lng], DEFAULT_ZOOM);
  }, [zones, center]);

  // the editable polygons and the drawing toolbar
  const editing = Boolean(editable);
  // the initial polygons are read once per popup opening; later changes come from the map itself
  const initial = useRef(editable?.polygons);
  useEffect(() => {
    const m = map.current;
    const group = drawn.current;
    if (!m || !group || !editing) return;
    group.clearLayers();
    const report = () =>
      onChange.current?.(
        group
          .getLayers()
          .filter((l): l is L.Polygon => l instanceof L.Polygon)
          .map(fromLayer),
      );
    const watch = (layer: L.Layer) => {
      layer.on('pm:edit', report);
      layer.on('pm:remove', () => {
        group.removeLayer(layer);
        report();
      });
    };
    for (const p of initial.current ?? []) if (p.length >= 3) watch(L.polygon(toLatLngs(p)).addTo(group));
    const bounds = group.getBounds();
    if (bounds.isValid()) m.fitBounds(bounds, { padding: [20, 20], maxZoom: 16 });
    m.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: true,
      drawCircle: false,
      drawText: false,
      cutPolygon: false,
      rotateMode: false,
      drawPolygon: true,
      editMode: true,
      dragMode: true,
      removalMode: true,
    });
    m.pm.setGlobalOptions({ layerGroup: group } as L.PM.GlobalOptions);
    const created = (e: { layer: L.Layer }) => {
      if (!group.hasLayer(e.layer)) group.addLayer(e.layer);
      watch(e.layer);
      report();
    };
    m.on('pm:create', created);
    return () => {
      m.off('pm:create', created);
      m.pm.removeControls();
    };
  }, [editing]);

  return (
    <div
      ref={box}
      data-testid={testId}
      style={{ height, width: '100%', borderRadius: 6, background: '#eef2f6' }}
    />
  );
};
