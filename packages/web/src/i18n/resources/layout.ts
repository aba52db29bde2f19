/** Shell texts: sidebar groups (spec 000 §2 "Sidebar by user type"), top bar and footer. */
const zh = {
  group_overview: '營運總覽',
  group_store: '商店管理',
  group_vas: '加值服務',
  group_entrance: '入口管理',
  group_registrations: '開店申請',
  group_finance: '財務工具',
  group_users: '使用者管理',
  group_marketing: '行銷活動',
  group_account: '帳號設定',
  group_other: '其他工具',
  beta: 'Beta',
  logout: '登出',
  myAccount: '我的帳號',
  openMenu: '開啟選單',
  otherToolsShown: '已顯示其他工具',
  retail: '零售版',
};

const en: typeof zh = {
  group_overview: 'Business overview',
  group_store: 'Store management',
  group_vas: 'Value-added services',
  group_entrance: 'Entrance management',
  group_registrations: 'Store-opening applications',
  group_finance: 'Financial tools',
  group_users: 'User management',
  group_marketing: 'Marketing',
  group_account: 'Account',
  group_other: 'Other tools',
  beta: 'Beta',
  logout: 'Logout',
  myAccount: 'My account',
  openMenu: 'Open menu',
  otherToolsShown: 'Other tools are now shown',
  retail: 'Retail',
};

export const layout = { 'zh-TW': zh, en };
