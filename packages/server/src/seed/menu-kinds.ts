import {
  BREAKFAST,
  CAFE,
  type GroupSpec,
  ICE,
  MEALS,
  type MenuTemplate,
  multi,
  RICE_EXTRAS,
  SAUCE,
  SPICY,
  SWEETNESS,
  single,
  TEA_SHOP,
  TEMPERATURE,
  TOFU_PUDDING,
} from './menu-templates';

/**
 * The demo menus of the other shop kinds (seed/demo-data.ts kinds), so that each shop sells what its kind
 * sells: a vegetarian shop no meat or fish (test/seed-menus.test.ts holds the word list), a hot-pot shop
 * pots and platters, a dumpling house dumplings. Descriptions where real menus print one (the house
 * special, what a set comes with). The kinds with mains, soups, sides and drinks keep those class skus:
 * the demo printer stations look for them (seed/printer-stations.ts).
 */

const TEA_DRINKS = {
  sku: 'DRINK',
  zh: '飲料',
  en: 'Drinks',
  products: [
    { zh: '古早味紅茶', en: 'Classic black tea', price: 25, kcal: 150, groups: [SWEETNESS, ICE] },
    { zh: '冬瓜茶', en: 'Winter melon tea', price: 30, kcal: 180, groups: [ICE] },
    { zh: '無糖綠茶', en: 'Unsweetened green tea', price: 25, kcal: 0, groups: [ICE] },
  ],
};

const VEG_EXTRAS: GroupSpec = multi('加點', 'Extras', 2, [
  ['加麵', 'Extra noodles', 15],
  ['加豆包', 'Tofu skin', 20],
]);

/** 素食: plant-based throughout (no meat, fish, egg or five pungent spices named on the menu). */
export const VEGETARIAN: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '主食',
    en: 'Mains',
    products: [
      {
        zh: '香椿炒飯',
        en: 'Toona fried rice',
        price: 90,
        kcal: 520,
        desc: '自家香椿醬拌炒，粒粒分明',
      },
      { zh: '麻油猴頭菇麵線', en: 'Sesame oil lion’s mane mushroom noodles', price: 110, kcal: 480 },
      {
        zh: '香菇素燥飯',
        en: 'Shiitake braised rice',
        price: 45,
        kcal: 430,
        desc: '香菇、豆包慢滷，不含五辛',
      },
      { zh: '三杯杏鮑菇飯', en: 'Three-cup king oyster mushroom rice', price: 120, kcal: 560 },
      { zh: '鮮蔬湯麵', en: 'Vegetable noodle soup', price: 80, kcal: 390, groups: [VEG_EXTRAS] },
      { zh: '素炒米粉', en: 'Fried rice vermicelli', price: 60, kcal: 410 },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '味噌豆腐湯', en: 'Miso tofu soup', price: 35, kcal: 90 },
      { zh: '竹笙蔬菜湯', en: 'Bamboo fungus vegetable soup', price: 60, kcal: 80 },
      { zh: '蔬菜羹', en: 'Thick vegetable soup', price: 45, kcal: 150 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
      { zh: '滷豆干', en: 'Braised tofu', price: 20, kcal: 110 },
      { zh: '涼拌木耳', en: 'Wood ear salad', price: 35, kcal: 60 },
      { zh: '紅燒烤麩', en: 'Braised wheat gluten', price: 40, kcal: 170 },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲料',
    en: 'Drinks',
    products: [
      {
        zh: '豆漿',
        en: 'Soy milk',
        price: 25,
        kcal: 130,
        groups: [
          single('甜度', 'Sweetness', [
            ['有糖', 'Sweetened'],
            ['無糖', 'No sugar'],
          ]),
          ICE,
        ],
      },
      { zh: '古早味紅茶', en: 'Classic black tea', price: 25, kcal: 150, groups: [SWEETNESS, ICE] },
      { zh: '冬瓜茶', en: 'Winter melon tea', price: 30, kcal: 180, groups: [ICE] },
    ],
  },
];

/** 便當 / 滷肉飯: rice boxes with three sides, braised-pork rice, soups. */
export const BENTO: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '便當',
    en: 'Bento',
    products: [
      {
        zh: '排骨便當',
        en: 'Pork chop bento',
        price: 110,
        kcal: 820,
        stock: 50,
        desc: '附三樣配菜與滷蛋半顆',
      },
      {
        zh: '雞腿便當',
        en: 'Chicken leg bento',
        price: 120,
        kcal: 850,
        stock: 50,
        desc: '現炸去骨雞腿，附三樣配菜',
      },
      { zh: '控肉便當', en: 'Braised pork belly bento', price: 110, kcal: 900, stock: 30 },
      { zh: '鯖魚便當', en: 'Grilled mackerel bento', price: 110, kcal: 700, stock: 20 },
      { zh: '滷肉飯', en: 'Braised pork rice', price: 45, kcal: 480, groups: [RICE_EXTRAS] },
      { zh: '雞肉飯', en: 'Chicken rice', price: 50, kcal: 420, groups: [RICE_EXTRAS] },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '貢丸湯', en: 'Pork ball soup', price: 35, kcal: 160 },
      { zh: '味噌湯', en: 'Miso soup', price: 30, kcal: 90 },
      { zh: '蛤蜊湯', en: 'Clam soup', price: 60, kcal: 100 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
      { zh: '滷蛋', en: 'Braised egg', price: 15, kcal: 75 },
      { zh: '油豆腐', en: 'Fried tofu', price: 20, kcal: 120 },
    ],
  },
  TEA_DRINKS,
];

/** 燒臘: Cantonese roast meats over rice. */
export const ROAST: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '燒臘飯',
    en: 'Roast meat rice',
    products: [
      { zh: '三寶飯', en: 'Three roast meats rice', price: 130, kcal: 880, desc: '燒鴨、叉燒、油雞' },
      { zh: '叉燒飯', en: 'Char siu rice', price: 100, kcal: 760 },
      { zh: '燒鴨飯', en: 'Roast duck rice', price: 110, kcal: 820 },
      { zh: '油雞飯', en: 'Soy sauce chicken rice', price: 100, kcal: 720 },
      { zh: '燒肉飯', en: 'Crispy pork rice', price: 110, kcal: 860 },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '例湯', en: 'Soup of the day', price: 30, kcal: 80, desc: '每日熬煮，內容依當日供應' },
      { zh: '蛋花湯', en: 'Egg drop soup', price: 30, kcal: 70 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
      { zh: '滷蛋', en: 'Braised egg', price: 15, kcal: 75 },
    ],
  },
  TEA_DRINKS,
];

/** 炒飯: wok-fried rice and noodles. */
export const FRIED_RICE: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '炒飯炒麵',
    en: 'Fried rice & noodles',
    products: [
      { zh: '蝦仁蛋炒飯', en: 'Shrimp egg fried rice', price: 100, kcal: 650, desc: '大火快炒，鑊氣十足' },
      { zh: '肉絲蛋炒飯', en: 'Shredded pork fried rice', price: 90, kcal: 680 },
      { zh: '鳳梨炒飯', en: 'Pineapple fried rice', price: 100, kcal: 620 },
      { zh: '牛肉炒麵', en: 'Beef fried noodles', price: 110, kcal: 700 },
      { zh: '什錦炒麵', en: 'Mixed fried noodles', price: 90, kcal: 640, groups: [SPICY] },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '酸辣湯', en: 'Hot and sour soup', price: 40, kcal: 130 },
      { zh: '玉米濃湯', en: 'Corn soup', price: 40, kcal: 160 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
      { zh: '皮蛋豆腐', en: 'Century egg tofu', price: 40, kcal: 150 },
    ],
  },
  TEA_DRINKS,
];

const DIPS = single(
  '調味',
  'Seasoning',
  [
    ['胡椒鹽', 'Pepper salt'],
    ['梅粉', 'Plum powder'],
    ['原味', 'Plain'],
  ],
  0,
);
const FRY_SPICY = single(
  '辣度',
  'Spiciness',
  [
    ['不辣', 'Not spicy'],
    ['小辣', 'Mild'],
    ['大辣', 'Hot'],
  ],
  0,
);

/** 鹹酥雞 / 雞排: night-market fried food by the piece, seasoned to order. */
export const FRIED: MenuTemplate = [
  {
    sku: 'FRIED',
    zh: '炸物',
    en: 'Fried',
    products: [
      {
        zh: '招牌雞排',
        en: 'Signature fried chicken cutlet',
        price: 85,
        kcal: 650,
        desc: '比臉大，現點現炸',
        groups: [DIPS, FRY_SPICY],
      },
      { zh: '鹹酥雞', en: 'Taiwanese popcorn chicken', price: 70, kcal: 520, groups: [DIPS, FRY_SPICY] },
      { zh: '甜不辣', en: 'Tempura fish cake', price: 35, kcal: 260, groups: [DIPS, FRY_SPICY] },
      { zh: '米血糕', en: 'Rice blood cake', price: 30, kcal: 220, groups: [DIPS, FRY_SPICY] },
      { zh: '杏鮑菇', en: 'King oyster mushroom', price: 50, kcal: 180, groups: [DIPS, FRY_SPICY] },
      { zh: '四季豆', en: 'Green beans', price: 40, kcal: 150, groups: [DIPS, FRY_SPICY] },
      { zh: '地瓜薯條', en: 'Sweet potato fries', price: 40, kcal: 320, groups: [DIPS] },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲料',
    en: 'Drinks',
    products: [
      { zh: '古早味紅茶', en: 'Classic black tea', price: 25, kcal: 150, groups: [SWEETNESS, ICE] },
      { zh: '檸檬紅茶', en: 'Lemon black tea', price: 40, kcal: 180, groups: [SWEETNESS, ICE] },
    ],
  },
];

/** 水餃館 / 鍋貼: dumplings by ten, potstickers, soups. */
export const DUMPLING: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '水餃鍋貼',
    en: 'Dumplings',
    products: [
      {
        zh: '高麗菜豬肉水餃（10顆）',
        en: 'Cabbage and pork dumplings (10)',
        price: 70,
        kcal: 480,
        desc: '每日手工現包',
      },
      { zh: '韭菜豬肉水餃（10顆）', en: 'Chive and pork dumplings (10)', price: 70, kcal: 470 },
      { zh: '玉米水餃（10顆）', en: 'Corn dumplings (10)', price: 75, kcal: 460 },
      {
        zh: '招牌鍋貼（10顆）',
        en: 'Signature potstickers (10)',
        price: 70,
        kcal: 560,
        desc: '底部煎出薄脆冰花',
        groups: [SAUCE],
      },
      { zh: '酸辣湯餃', en: 'Dumplings in hot and sour soup', price: 85, kcal: 520 },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '酸辣湯', en: 'Hot and sour soup', price: 40, kcal: 130 },
      { zh: '玉米濃湯', en: 'Corn soup', price: 40, kcal: 160 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '涼拌小黃瓜', en: 'Smashed cucumber', price: 35, kcal: 40 },
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
    ],
  },
  TEA_DRINKS,
];

const SOUP_BASE = single('湯底', 'Broth', [
  ['昆布', 'Kelp'],
  ['麻辣', 'Spicy mala', 30],
  ['牛奶', 'Milk', 20],
]);

/** 火鍋: one pot each with its meat, and platters to add. */
export const HOTPOT: MenuTemplate = [
  {
    sku: 'POT',
    zh: '鍋物',
    en: 'Hot pots',
    products: [
      {
        zh: '雪花牛肉鍋',
        en: 'Marbled beef hot pot',
        price: 320,
        kcal: 780,
        desc: '附蔬菜盤、火鍋料與白飯',
        groups: [SOUP_BASE],
        noDelivery: true,
      },
      {
        zh: '梅花豬肉鍋',
        en: 'Pork shoulder hot pot',
        price: 260,
        kcal: 720,
        desc: '附蔬菜盤、火鍋料與白飯',
        groups: [SOUP_BASE],
        noDelivery: true,
      },
      { zh: '海鮮鍋', en: 'Seafood hot pot', price: 360, kcal: 540, groups: [SOUP_BASE], noDelivery: true },
      { zh: '蔬食鍋', en: 'Vegetable hot pot', price: 220, kcal: 380, groups: [SOUP_BASE], noDelivery: true },
    ],
  },
  {
    sku: 'ADD',
    zh: '加點',
    en: 'Add-ons',
    products: [
      { zh: '雪花牛肉片', en: 'Marbled beef slices', price: 180, kcal: 420 },
      { zh: '手打蝦漿', en: 'Hand-made shrimp paste', price: 120, kcal: 160 },
      { zh: '綜合蔬菜盤', en: 'Vegetable platter', price: 80, kcal: 90 },
      { zh: '王子麵', en: 'Instant noodles', price: 20, kcal: 300 },
    ],
  },
  TEA_DRINKS,
];

/** 拉麵: Japanese ramen with sides. */
export const RAMEN: MenuTemplate = [
  {
    sku: 'RAMEN',
    zh: '拉麵',
    en: 'Ramen',
    products: [
      {
        zh: '豚骨拉麵',
        en: 'Tonkotsu ramen',
        price: 220,
        kcal: 780,
        desc: '豬骨熬煮十二小時，附叉燒與溏心蛋',
      },
      { zh: '醬油拉麵', en: 'Shoyu ramen', price: 200, kcal: 620 },
      { zh: '味噌拉麵', en: 'Miso ramen', price: 210, kcal: 680 },
      { zh: '辣味噌拉麵', en: 'Spicy miso ramen', price: 220, kcal: 700, groups: [SPICY] },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小點',
    en: 'Sides',
    products: [
      { zh: '日式煎餃', en: 'Gyoza', price: 80, kcal: 320 },
      { zh: '唐揚炸雞', en: 'Karaage', price: 120, kcal: 450 },
      { zh: '溏心蛋', en: 'Soft-boiled egg', price: 30, kcal: 80 },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲料',
    en: 'Drinks',
    products: [
      { zh: '可爾必思', en: 'Calpis', price: 50, kcal: 140 },
      { zh: '冰麥茶', en: 'Iced barley tea', price: 30, kcal: 0 },
    ],
  },
];

/** 麵線 and other Taiwanese street snacks. */
export const SNACKS: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '小吃',
    en: 'Snacks',
    products: [
      {
        zh: '大腸麵線',
        en: 'Pork intestine vermicelli',
        price: 60,
        kcal: 380,
        desc: '柴魚高湯勾芡，加蒜泥與香菜',
      },
      { zh: '蚵仔麵線', en: 'Oyster vermicelli', price: 65, kcal: 360 },
      { zh: '綜合麵線', en: 'Mixed vermicelli', price: 75, kcal: 420 },
      { zh: '肉圓', en: 'Ba-wan meatball', price: 45, kcal: 320 },
      { zh: '蚵仔煎', en: 'Oyster omelette', price: 70, kcal: 450 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '臭豆腐', en: 'Stinky tofu', price: 60, kcal: 300, groups: [SPICY] },
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
    ],
  },
  TEA_DRINKS,
];

/** 義大利麵: pasta, risotto, soups of the day. */
export const PASTA: MenuTemplate = [
  {
    sku: 'PASTA',
    zh: '義大利麵',
    en: 'Pasta',
    products: [
      { zh: '白醬培根義大利麵', en: 'Carbonara', price: 220, kcal: 820 },
      { zh: '青醬雞肉義大利麵', en: 'Pesto chicken pasta', price: 230, kcal: 760 },
      {
        zh: '番茄肉醬義大利麵',
        en: 'Bolognese',
        price: 200,
        kcal: 720,
        desc: '牛豬絞肉與番茄慢燉兩小時',
      },
      { zh: '海鮮紅醬義大利麵', en: 'Seafood marinara', price: 260, kcal: 680 },
      { zh: '野菇燉飯', en: 'Wild mushroom risotto', price: 220, kcal: 700 },
    ],
  },
  {
    sku: 'SOUP',
    zh: '湯品',
    en: 'Soups',
    products: [
      { zh: '蘑菇濃湯', en: 'Cream of mushroom soup', price: 60, kcal: 210 },
      { zh: '玉米濃湯', en: 'Corn soup', price: 50, kcal: 160 },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲料',
    en: 'Drinks',
    products: [
      { zh: '檸檬紅茶', en: 'Lemon black tea', price: 40, kcal: 180, groups: [TEMPERATURE] },
      { zh: '美式咖啡', en: 'Americano', price: 60, kcal: 10, groups: [TEMPERATURE] },
    ],
  },
];

/** 粥品: Taiwanese congee and fritters. */
export const CONGEE: MenuTemplate = [
  {
    sku: 'MAIN',
    zh: '粥品',
    en: 'Congee',
    products: [
      { zh: '皮蛋瘦肉粥', en: 'Century egg and pork congee', price: 70, kcal: 360 },
      {
        zh: '虱目魚粥',
        en: 'Milkfish congee',
        price: 90,
        kcal: 340,
        desc: '台南直送無刺魚肚',
      },
      { zh: '海鮮粥', en: 'Seafood congee', price: 100, kcal: 330 },
      { zh: '地瓜粥', en: 'Sweet potato congee', price: 40, kcal: 250 },
    ],
  },
  {
    sku: 'SIDE',
    zh: '小菜',
    en: 'Side dishes',
    products: [
      { zh: '油條', en: 'Fried dough stick', price: 20, kcal: 230 },
      { zh: '燙青菜', en: 'Blanched greens', price: 40, kcal: 80 },
      { zh: '滷蛋', en: 'Braised egg', price: 15, kcal: 75 },
    ],
  },
  TEA_DRINKS,
];

/** 豆花: tofu pudding and shaved ice. */
export const DESSERT: MenuTemplate = [
  {
    sku: 'DOUHUA',
    zh: '豆花',
    en: 'Tofu pudding',
    products: [
      {
        zh: '傳統豆花',
        en: 'Tofu pudding',
        price: 45,
        kcal: 240,
        desc: '非基改黃豆，每日現做',
        groups: [TOFU_PUDDING, TEMPERATURE],
      },
      { zh: '芋圓豆花', en: 'Taro ball tofu pudding', price: 55, kcal: 300, groups: [TEMPERATURE] },
      { zh: '薑汁豆花', en: 'Ginger syrup tofu pudding', price: 50, kcal: 250 },
    ],
  },
  {
    sku: 'ICE',
    zh: '冰品',
    en: 'Shaved ice',
    products: [
      { zh: '芒果冰', en: 'Mango shaved ice', price: 150, kcal: 420, stock: 25, noDelivery: true },
      { zh: '八寶冰', en: 'Eight-treasure shaved ice', price: 70, kcal: 380, noDelivery: true },
      { zh: '燒仙草', en: 'Hot grass jelly', price: 55, kcal: 280 },
    ],
  },
  {
    sku: 'DRINK',
    zh: '飲料',
    en: 'Drinks',
    products: [
      { zh: '檸檬愛玉', en: 'Lemon aiyu jelly', price: 40, kcal: 120, groups: [ICE] },
      { zh: '冬瓜茶', en: 'Winter melon tea', price: 30, kcal: 180, groups: [ICE] },
    ],
  },
];

/**
 * The template of a shop by the kind in its name. 素食 goes first (a 素食火鍋 is vegetarian); a name of no
 * known kind gets the beef-noodle shop's.
 */
export const templateFor = (shopName: string): MenuTemplate => {
  if (/素食|蔬食/.test(shopName)) return VEGETARIAN;
  if (/手搖飲|茶飲/.test(shopName)) return TEA_SHOP;
  if (/早餐|蛋餅|飯糰/.test(shopName)) return BREAKFAST;
  if (/豆花|冰品/.test(shopName)) return DESSERT;
  if (/咖啡|甜點|輕食/.test(shopName)) return CAFE;
  if (/便當|滷肉飯/.test(shopName)) return BENTO;
  if (/燒臘/.test(shopName)) return ROAST;
  if (/炒飯/.test(shopName)) return FRIED_RICE;
  if (/鹹酥雞|雞排/.test(shopName)) return FRIED;
  if (/水餃|鍋貼/.test(shopName)) return DUMPLING;
  if (/火鍋/.test(shopName)) return HOTPOT;
  if (/拉麵/.test(shopName)) return RAMEN;
  if (/麵線/.test(shopName)) return SNACKS;
  if (/義大利麵/.test(shopName)) return PASTA;
  if (/粥/.test(shopName)) return CONGEE;
  return MEALS;
};

/** Every template, for the dish photos (one picture per distinct dish name). */
export const ALL_TEMPLATES: readonly MenuTemplate[] = [
  MEALS,
  TEA_SHOP,
  BREAKFAST,
  CAFE,
  VEGETARIAN,
  BENTO,
  ROAST,
  FRIED_RICE,
  FRIED,
  DUMPLING,
  HOTPOT,
  RAMEN,
  SNACKS,
  PASTA,
  CONGEE,
  DESSERT,
];

/**
 * Large runs (docs/decisions/menus.md "Menus"): the first and the last class (mains and drinks), two products
 * each, and only the first product's first option group, about 11 rows a shop instead of about 110.
 */
export const compactTemplate = (t: MenuTemplate): MenuTemplate =>
  [t[0]!, t[t.length - 1]!].map((c, ci) => ({
    ...c,
    products: c.products
      .slice(0, 2)
      .map((p, pi) => ({ ...p, groups: ci === 1 && pi === 0 ? p.groups?.slice(0, 1) : [] })),
  }));
