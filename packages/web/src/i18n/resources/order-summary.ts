/** The orderSummary namespace (issue 7). zh-TW first; en mirrors its keys. */
export const orderSummary = {
  'zh-TW': {
    title: '',
  },
  en: {
    title: '',
  },
} as const;
