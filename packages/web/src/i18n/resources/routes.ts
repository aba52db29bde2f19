import { RETAIL_ROUTES } from '../../shell/retail-route-table';
import { CONSOLE_ROUTES } from '../../shell/route-table';

/** Route names come from the route tables (one place); keyed by route id. */
const all = [...CONSOLE_ROUTES, ...RETAIL_ROUTES];
const titles = (lang: 'zh' | 'en'): Record<string, string> =>
  Object.fromEntries(all.map((route) => [route.id, route.title[lang]]));

export const routes = { 'zh-TW': titles('zh'), en: titles('en') };
