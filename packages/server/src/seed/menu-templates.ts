/**
 * Demo menus: what Taiwanese shops of each kind really sell, at street prices in NT$: the option groups and
 * the noodle shop, tea shop, breakfast shop and café menus. The other kinds and the choice of a shop's
 * menu by the kind in its name are in seed/menu-kinds.ts.
 */

type Opt = [zh: string, en: string, delta?: number];
export type GroupSpec = {
  zh: string;
  en: string;
  kind: 'single' | 'multiple';
  min: number;
  max: number;
  options: Opt[];
};
export type ProductSpec = {
  zh: string;
  en: string;
  price: number;
  kcal?: number;
  /** Daily stock; unlimited when absent. */
  stock?: number;
  desc?: string;
  /** Not delivered (melts, spills): eat-in and to-go only. */
  noDelivery?: boolean;
  groups?: GroupSpec[];
};
export type ClassSpec = { sku: string; zh: string; en: string; products: ProductSpec[] };
export type MenuTemplate = ClassSpec[];

export const single = (zh: string, en: string, options: Opt[], min = 1): GroupSpec => ({
  zh,
  en,
  kind: 'single',
  min,
  max: 1,
  options,
});
export const multi = (zh: string, en: string, max: number, options: Opt[]): GroupSpec => ({
  zh,
  en,
  kind: 'multiple',
  min: 0,
  max,
  options,
});

export const SWEETNESS = single('甜度', 'Sweetness', [
  ['全糖', 'Regular sugar'],
  ['半糖', 'Half sugar'],
  ['微糖', 'Light sugar'],
  ['無糖', 'No sugar'],
]);
export const ICE = single('冰塊', 'Ice', [
  ['正常冰', 'Regular ice'],
  ['少冰', 'Less ice'],
  ['去冰', 'No ice'],
  ['熱', 'Hot'],
]);
const TOPPINGS = multi('加料', 'Toppings', 3, [
  ['珍珠', 'Tapioca pearls', 10],
  ['椰果', 'Coconut jelly', 10],
  ['布丁', 'Pudding', 15],
  ['仙草凍', 'Grass jelly', 10],
]);
export const SIZE = single('容量', 'Size', [
  ['中杯', 'Medium'],
  ['大杯', 'Large', 10],
]);
const DRINK = [SIZE, SWEETNESS, ICE, TOPPINGS];
const NOODLE = single('麵條', 'Noodles', [
  ['細麵', 'Thin noodles'],
  ['寬麵', 'Wide noodles'],
  ['刀削麵', 'Knife-cut noodles', 10],
]);
export const SPICY = single(
  '辣度',
  'Spiciness',
  [
    ['不辣', 'Not spicy'],
    ['小辣', 'Mild'],
    ['中辣', 'Medium'],
    ['大辣', 'Hot'],
  ],
  0,
);
const NOODLE_EXTRAS = multi('加點', 'Extras', 3, [
  ['加麵', 'Extra noodles', 15],
  ['加牛肉', 'Extra beef', 60],
  ['加酸菜', 'Pickled mustard greens', 0],
]);
export const RICE_EXTRAS = multi('加點', 'Extras', 2, [
  ['加滷蛋', 'Braised egg', 15],
  ['加荷包蛋', 'Fried egg', 15],
]);
const CREPE_EXTRAS = multi('加料', 'Add-ons', 3, [
  ['加蛋', 'Extra egg', 10],
  ['加起司', 'Cheese', 10],
  ['加培根', 'Bacon', 15],
]);
export const SAUCE = single(
  '醬料',
  'Sauce',
  [
    ['醬油膏', 'Soy paste'],
    ['甜辣醬', 'Sweet chili'],
    ['不加醬', 'No sauce'],
  ],
  0,
);
export const TEMPERATURE = single('溫度', 'Temperature', [
  ['冰', 'Iced'],
  ['熱', 'Hot'],
]);
const MILK = single('奶類', 'Milk', [
  ['鮮奶', 'Fresh milk'],
  ['燕麥奶', 'Oat milk', 20],
]);
// one option, so at most one: a "choose at most 2" with one option could never be chosen twice
const SHOT = multi('加濃縮', 'Extra shot', 1, [['加一份濃縮', 'Extra espresso shot', 30]]);
export const TOFU_PUDDING = multi('配料', 'Toppings', 3, [
  ['花生', 'Peanuts', 0],
  ['粉圓', 'Tapioca', 0],
  ['芋圓', 'Taro balls', 10],
  ['紅豆', 'Red beans', 0],
]);

/** A beef-noodle shop (牛肉麵): noodles, rice, soups, sides and drinks. */
export const MEALS: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '主食',
    en: 'Mains',
    products: [
      {
        zh: '紅燒牛肉麵',
        en: 'Braised beef noodle soup',
        price: 180,
        kcal: 650,
        stock: 80,
        desc: '慢燉六小時的牛腱與半筋半肉',
        groups: [NOODLE, SPICY, NOODLE_EXTRAS],
      },
      {
        zh: '清燉牛肉麵',
        en: 'Clear broth beef noodle soup',
        price: 170,
        kcal: 560,
        stock: 60,
        groups: [NOODLE, NOODLE_EXTRAS],
      },
      { zh: '滷肉飯', en: 'Braised pork rice', price: 45, kcal: 480, groups: [RICE_EXTRAS] },
      { zh: '雞肉飯', en: 'Chicken rice', price: 50, kcal: 420, groups: [RICE_EXTRAS] },
      {
        zh: '番茄牛肉麵',
        en: 'Tomato beef noodle soup',
        price: 180,
        kcal: 600,
        stock: 40,
        desc: '牛番茄熬湯，酸甜不辣',
        groups: [NOODLE, NOODLE_EXTRAS],
      },
      { zh: '炸醬麵', en: 'Noodles with soybean paste', price: 70, kcal: 610, groups: [SPICY] },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '貢丸湯', en: 'Pork ball soup', price: 35, kcal: 160 },
      { zh: '餛飩湯', en: 'Wonton soup', price: 45, kcal: 210, desc: '每日手包鮮肉餛飩八顆' },
      { zh: '酸辣湯', en: 'Hot and sour soup', price: 40, kcal: 130 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
      { zh: '滷蛋', en: 'Braised egg', price: 15, kcal: 75 },
      { zh: '滷豆干', en: 'Braised tofu', price: 20, kcal: 110 },
      { zh: '皮蛋豆腐', en: 'Century egg tofu', price: 40, kcal: 150 },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲料',
    en: 'Drinks',
    products: [
      { zh: '珍珠奶茶', en: 'Bubble milk tea', price: 60, kcal: 520, groups: DRINK },
      { zh: '冬瓜茶', en: 'Winter melon tea', price: 30, kcal: 180, groups: [ICE] },
      { zh: '古早味紅茶', en: 'Classic black tea', price: 25, kcal: 150, groups: [SWEETNESS, ICE] },
    ],
  },
];

export const TEA_SHOP: MenuTemplate = [
  {
    sku: 'TEA',
    zh: '原味茶',
    en: 'Pure tea',
    products: [
      { zh: '茉莉綠茶', en: 'Jasmine green tea', price: 30, kcal: 120, groups: DRINK },
      { zh: '阿薩姆紅茶', en: 'Assam black tea', price: 30, kcal: 130, groups: DRINK },
      { zh: '四季春青茶', en: 'Four Seasons oolong', price: 35, kcal: 110, groups: DRINK },
    ],
  },
  {
    sku: 'MILKTEA',
    zh: '奶茶',
    en: 'Milk tea',
    products: [
      { zh: '珍珠奶茶', en: 'Bubble milk tea', price: 60, kcal: 520, groups: DRINK },
      { zh: '波霸奶茶', en: 'Boba milk tea', price: 60, kcal: 540, groups: DRINK },
      { zh: '布丁奶茶', en: 'Pudding milk tea', price: 65, kcal: 560, groups: DRINK },
    ],
  },
  {
    sku: 'LATTE',
    zh: '鮮奶系列',
    en: 'Fresh milk',
    products: [
      { zh: '紅茶拿鐵', en: 'Black tea latte', price: 65, kcal: 380, groups: DRINK },
      {
        zh: '黑糖珍珠鮮奶',
        en: 'Brown sugar pearl milk',
        price: 75,
        kcal: 610,
        stock: 100,
        groups: [SIZE, ICE],
      },
      { zh: '抹茶拿鐵', en: 'Matcha latte', price: 70, kcal: 360, groups: DRINK },
    ],
  },
  {
    sku: 'FRUIT',
    zh: '果茶',
    en: 'Fruit tea',
    products: [
      { zh: '百香綠茶', en: 'Passion fruit green tea', price: 55, kcal: 230, groups: DRINK },
      { zh: '檸檬紅茶', en: 'Lemon black tea', price: 50, kcal: 210, groups: DRINK },
      { zh: '鮮榨柳橙綠', en: 'Orange green tea', price: 60, kcal: 250, stock: 40, groups: DRINK },
    ],
  },
];

export const BREAKFAST: MenuTemplate = [
  {
    sku: 'CREPE',
    zh: '蛋餅',
    en: 'Egg crepes',
    products: [
      { zh: '原味蛋餅', en: 'Plain egg crepe', price: 30, kcal: 290, groups: [CREPE_EXTRAS, SAUCE] },
      { zh: '起司蛋餅', en: 'Cheese egg crepe', price: 40, kcal: 360, groups: [CREPE_EXTRAS, SAUCE] },
      { zh: '玉米蛋餅', en: 'Corn egg crepe', price: 40, kcal: 340, groups: [CREPE_EXTRAS, SAUCE] },
      { zh: '鮪魚蛋餅', en: 'Tuna egg crepe', price: 45, kcal: 380, groups: [CREPE_EXTRAS, SAUCE] },
    ],
  },
  {
    sku: 'TOAST',
    zh: '吐司漢堡',
    en: 'Toast & burgers',
    products: [
      { zh: '火腿蛋吐司', en: 'Ham and egg toast', price: 40, kcal: 330 },
      { zh: '豬排蛋吐司', en: 'Pork chop egg toast', price: 55, kcal: 450 },
      { zh: '卡拉雞腿堡', en: 'Crispy chicken burger', price: 65, kcal: 520, stock: 30 },
    ],
  },
  {
    sku: 'ROLL',
    zh: '飯糰',
    en: 'Rice rolls',
    products: [
      {
        zh: '傳統飯糰',
        en: 'Classic rice roll',
        price: 45,
        kcal: 480,
        stock: 40,
        desc: '油條、菜脯、肉鬆、滷蛋',
      },
      { zh: '紫米飯糰', en: 'Purple rice roll', price: 50, kcal: 460, stock: 30 },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲品',
    en: 'Drinks',
    products: [
      {
        zh: '豆漿',
        en: 'Soy milk',
        price: 20,
        kcal: 130,
        groups: [
          single('甜度', 'Sweetness', [
            ['有糖', 'Sweetened'],
            ['微糖', 'Light sugar'],
            ['無糖', 'No sugar'],
          ]),
          ICE,
        ],
      },
      { zh: '米漿', en: 'Peanut rice milk', price: 25, kcal: 180, groups: [ICE] },
      { zh: '大冰奶', en: 'Large iced milk tea', price: 30, kcal: 260, groups: [SWEETNESS] },
      { zh: '紅茶', en: 'Black tea', price: 20, kcal: 120, groups: [SWEETNESS, ICE] },
    ],
  },
];

export const CAFE: MenuTemplate = [
  {
    sku: 'COFFEE',
    zh: '咖啡',
    en: 'Coffee',
    products: [
      { zh: '美式咖啡', en: 'Americano', price: 80, kcal: 10, groups: [TEMPERATURE, SHOT] },
      { zh: '拿鐵', en: 'Caffè latte', price: 110, kcal: 190, groups: [TEMPERATURE, MILK, SHOT] },
      { zh: '卡布奇諾', en: 'Cappuccino', price: 110, kcal: 130, groups: [TEMPERATURE, MILK, SHOT] },
      { zh: '焦糖瑪奇朵', en: 'Caramel macchiato', price: 130, kcal: 250, groups: [TEMPERATURE, MILK, SHOT] },
    ],
  },
  {
    sku: 'TEA',
    zh: '茶飲',
    en: 'Tea',
    products: [
      { zh: '伯爵紅茶', en: 'Earl Grey tea', price: 90, kcal: 5, groups: [TEMPERATURE] },
      { zh: '蜂蜜檸檬', en: 'Honey lemon', price: 90, kcal: 140, groups: [TEMPERATURE] },
    ],
  },
  {
    sku: 'DESSERT',
    zh: '甜點',
    en: 'Desserts',
    products: [
      { zh: '傳統豆花', en: 'Tofu pudding', price: 50, kcal: 240, groups: [TOFU_PUDDING, TEMPERATURE] },
      { zh: '芒果冰', en: 'Mango shaved ice', price: 150, kcal: 420, stock: 25, noDelivery: true },
      { zh: '提拉米蘇', en: 'Tiramisu', price: 120, kcal: 390, stock: 12 },
      { zh: '巴斯克乳酪蛋糕', en: 'Basque cheesecake', price: 130, kcal: 420, stock: 10 },
    ],
  },
  {
    sku: 'LIGHT',
    zh: '輕食',
    en: 'Light meals',
    products: [
      { zh: '總匯三明治', en: 'Club sandwich', price: 120, kcal: 560 },
      { zh: '凱薩沙拉', en: 'Caesar salad', price: 140, kcal: 330 },
    ],
  },
];
