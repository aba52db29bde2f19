import { simulatedPlace } from '../adapters/geocoding/simulator';
import type { Random } from './random';

const prefixes = [
  '阿嬤',
  '老王',
  '小林',
  '大稻埕',
  '春水',
  '好食',
  '鼎泰',
  '福記',
  '金峰',
  '永和',
  '八方',
  '三商',
  '一心',
  '晨間',
  '巷口',
  '古早味',
  '台南',
  '阿宗',
  '黃記',
  '陳家',
  '饗',
  '日日',
  '初心',
  '樂活',
  '山城',
  '海港',
  '紅磚',
  '青田',
  '月見',
  '東門',
];
/** The shop kinds of the demo names (seed/menu-kinds.ts gives each its menu). */
export const SHOP_KINDS = [
  '牛肉麵',
  '便當',
  '滷肉飯',
  '手搖飲',
  '早餐店',
  '鹹酥雞',
  '豆花',
  '咖啡',
  '水餃館',
  '炒飯',
  '鍋貼',
  '雞排',
  '麵線',
  '燒臘',
  '素食',
  '火鍋',
  '飯糰',
  '蛋餅',
  '粥品',
  '甜點',
  '茶飲',
  '拉麵',
  '義大利麵',
  '輕食',
];
const suffixes = ['', '', '', '本舖', '專賣店', '總店', '', '旗艦店'];

const cities = [
  {
    city: '台北市',
    districts: ['大安區', '信義區', '中山區', '松山區', '萬華區', '士林區'],
    area: '02',
    lat: 25.04,
    lng: 121.54,
  },
  {
    city: '新北市',
    districts: ['板橋區', '永和區', '中和區', '新莊區', '三重區'],
    area: '02',
    lat: 25.01,
    lng: 121.47,
  },
  { city: '台中市', districts: ['西屯區', '北區', '南屯區', '西區'], area: '04', lat: 24.15, lng: 120.66 },
  { city: '台南市', districts: ['中西區', '東區', '安平區', '北區'], area: '06', lat: 22.99, lng: 120.2 },
  { city: '高雄市', districts: ['苓雅區', '前金區', '鼓山區', '左營區'], area: '07', lat: 22.63, lng: 120.3 },
  { city: '桃園市', districts: ['桃園區', '中壢區'], area: '03', lat: 24.99, lng: 121.31 },
];
const roads = [
  '復興南路一段',
  '忠孝東路四段',
  '民生東路三段',
  '中山北路二段',
  '文化路',
  '中正路',
  '民族路',
  '成功路',
  '和平東路二段',
  '光復北路',
  '永康街',
  '公益路',
  '崇德路',
  '英才路',
  '自由路',
];

const familyNames = [
  '陳',
  '林',
  '黃',
  '張',
  '李',
  '王',
  '吳',
  '劉',
  '蔡',
  '楊',
  '許',
  '鄭',
  '謝',
  '郭',
  '洪',
];
const givenNames = [
  '志明',
  '春嬌',
  '淑芬',
  '家豪',
  '怡君',
  '俊傑',
  '雅婷',
  '冠宇',
  '美玲',
  '建宏',
  '佳蓉',
  '宗翰',
  '心怡',
  '柏翰',
  '惠如',
];

export const shopName = (r: Random, i: number) => {
  const name = `${r.pick(prefixes)}${r.pick(SHOP_KINDS)}${r.pick(suffixes)}`;
  // Store names are at most 20 characters (spec 000 §5); the number keeps them apart.
  return `${name}${i % 7 === 0 ? ` ${Math.floor(i / 7) + 1}號店` : ''}`.slice(0, 20);
};

/**
 * The point the geocoder gives an address (the simulator's, deterministic), so a demo shop's own address is
 * inside its own delivery distance. Two draws are still taken so the rest of the demo data stays as it was.
 */
const shopPoint = (addr: string, r: Random) => {
  r.next();
  r.next();
  const place = simulatedPlace(addr);
  if (!place) throw new Error(`seed: the geocoding simulator cannot place ${addr}`);
  return { lat: place.lat.toFixed(6), lng: place.lng.toFixed(6) };
};

export const address = (r: Random) => {
  const c = r.pick(cities);
  const district = r.pick(c.districts);
  const addr = `${c.city}${district}${r.pick(roads)}${r.int(1, 300)}號${r.chance(0.3) ? `${r.int(1, 12)}樓` : ''}`;
  return {
    address: addr,
    phone: `${c.area}-${r.int(2000, 8999)}-${String(r.int(0, 9999)).padStart(4, '0')}`,
    ...shopPoint(addr, r),
  };
};

export const personName = (r: Random) => `${r.pick(familyNames)}${r.pick(givenNames)}`;
export const mobile = (r: Random) => `09${r.int(10, 99)}-${r.int(100, 999)}-${r.int(100, 999)}`;

export const TAG_NAMES = [
  '連鎖',
  '夜市',
  '早餐',
  '飲料',
  '熱門',
  '新開幕',
  '外送',
  '素食',
  'VIP',
  '試營運',
  '學區',
  '商圈',
];
