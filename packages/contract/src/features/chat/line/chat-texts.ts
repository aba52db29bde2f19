/**
 * What the shop's LINE bot says (docs/decisions/chat.md "LINE"): binding replies, group prompts and the order
 * pushes. The spec gives no texts for the chat side; these are ours, zh-TW as the shops read them.
 */
const BINDING_WINDOW_MINUTES = 15;

export const CHAT_TEXTS = {
  boundUser: (shop: string) => `綁定成功！之後「${shop}」的新訂單與取消訂單會通知您。`,
  boundGroup: (shop: string) => `綁定成功！之後「${shop}」的新訂單會通知此群組。`,
  alreadyBound: (shop: string) => `已綁定「${shop}」，不需要重新綁定。`,
  codeExpired: '綁定碼已過期，請到商店資訊頁按「更新綁定碼」，再傳送新的 6 位數綁定碼。',
  codeWrong: '綁定碼錯誤，請確認商店資訊頁上的 6 位數綁定碼。',
  codeLocked: `綁定碼錯誤次數過多，請 ${BINDING_WINDOW_MINUTES} 分鐘後再試。`,
  joinedGroup: '大家好！請傳送商店資訊頁上的 6 位數綁定碼，綁定後此群組會收到新訂單通知。',
  welcome: (shop: string) => `歡迎加入「${shop}」！點選下方選單即可開始點餐。`,
  // the automatic reply to a customer's chat message (not sent when the shop turns isNotReply on)
  autoReply: (shop: string) => `感謝您的訊息！「${shop}」會盡快回覆您；點選下方選單即可點餐或查看訂單。`,
  newOrder: (shop: string, serial: string | number, meal: string, total: number) =>
    `【新訂單】${shop}\n訂單 #${serial}（${meal}）\n金額 NT$${total}`,
  canceledOrder: (shop: string, serial: string | number, reason?: string) =>
    `【訂單取消】${shop}\n訂單 #${serial} 已取消${reason ? `（${reason}）` : ''}`,
} as const;

/**
 * Guessing the 6-digit code is stopped: after `perSender` wrong codes from one LINE user (or
 * group) within `windowMinutes`, or `perShop` wrong codes at one shop from anyone, every code, even the
 * right one, is answered `codeLocked` until the window has passed (server features/chat/line/binding-attempts.ts).
 */
export const BINDING_ATTEMPTS = { perSender: 5, perShop: 20, windowMinutes: BINDING_WINDOW_MINUTES } as const;

/** A binding message: six digits, optionally after 綁定 (e.g. "綁定 123456"). */
export const parseBindingCode = (text: string): string | null =>
  /^\s*(?:綁定\s*[:：]?\s*)?(\d{6})\s*$/.exec(text)?.[1] ?? null;

/** The message that binds a chat (parseBindingCode reads it). */
export const bindingMessage = (code: string) => `綁定 ${code}`;

/**
 * What the notification-group QR encodes (docs/decisions/chat.md "Notification-group QR"): LINE's share link
 * (https://line.me/R/share?text=…). Scanned in LINE it opens the chat picker with the binding message; sent in
 * the group the bot was invited into, the webhook binds that group (server features/chat/line/chat-events.ts).
 */
export const groupBindingUrl = (code: string) =>
  `https://line.me/R/share?text=${encodeURIComponent(bindingMessage(code))}`;
