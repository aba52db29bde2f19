import L from 'leaflet';

// leaflet-geoman extends the global `L` (it is a Leaflet plugin of the script-tag era): this module runs
// before it is imported (ZoneMap.tsx imports this first).
(globalThis as unknown as { L: typeof L }).L = L;

export { L };
