/** The stats namespace (issue 7). zh-TW first; en mirrors its keys. */
export const stats = {
  'zh-TW': {
    title: '',
  },
  en: {
    title: '',
  },
} as const;
