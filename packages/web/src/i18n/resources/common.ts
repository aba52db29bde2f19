/** Texts shared by every screen: shell states, generic errors, buttons. */
const zh = {
  productName: 'Shopdesk',
  pageTitle: '{{title}} | Shopdesk',
  loading: '載入中…',
  reload: '重新載入',
  backHome: '回到首頁',
  language: '語言',
  copyright: '© {{year}} Shopdesk',
  notFoundTitle: '找不到頁面',
  notFound: '找不到您要的頁面。',
  // spec 000 §6
  forbiddenTitle: '沒有權限',
  forbidden: '您沒有權限檢視此頁面。',
  notBuiltTitle: '{{title}}',
  notBuilt: '「{{title}}」頁面尚未完成，敬請期待。',
  notBuiltHint: '此功能仍在建置中，目前沒有可顯示的資料。',
  // spec 000 §9: chunks time out after 120 s
  chunkTimeoutTitle: '頁面載入逾時',
  chunkTimeout: '頁面檔案載入失敗或逾時，請確認網路連線後重新載入。',
  errorTitle: '發生錯誤',
  errorBody: '此頁面發生未預期的錯誤，請重新載入後再試一次。',
  networkError: '無法連線到伺服器，請確認網路後再試一次。',
  unexpectedError: '發生未預期的錯誤，請稍後再試。',
};

const en: typeof zh = {
  productName: 'Shopdesk',
  pageTitle: '{{title}} | Shopdesk',
  loading: 'Loading…',
  reload: 'Reload',
  backHome: 'Back to home',
  language: 'Language',
  copyright: '© {{year}} Shopdesk',
  notFoundTitle: 'Page not found',
  notFound: 'The page you requested could not be found.',
  forbiddenTitle: 'No permission',
  forbidden: 'You do not have permission to view this page.',
  notBuiltTitle: '{{title}}',
  notBuilt: 'The “{{title}}” page is not built yet.',
  notBuiltHint: 'This feature is still being built; there is no data to show here yet.',
  chunkTimeoutTitle: 'The page took too long to load',
  chunkTimeout: 'Part of the application could not be loaded. Check your connection and reload.',
  errorTitle: 'Something went wrong',
  errorBody: 'This page ran into an unexpected error. Reload and try again.',
  networkError: 'Cannot reach the server. Check your connection and try again.',
  unexpectedError: 'Something unexpected happened. Please try again later.',
};

export const common = { 'zh-TW': zh, en };
