/** The sales namespace (issue 7). zh-TW first; en mirrors its keys. */
export const sales = {
  'zh-TW': {
    title: '',
  },
  en: {
    title: '',
  },
} as const;
