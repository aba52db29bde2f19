/** The posBoard namespace (issue 7). zh-TW first; en mirrors its keys. */
export const posBoard = {
  'zh-TW': {
    title: '',
  },
  en: {
    title: '',
  },
} as const;
