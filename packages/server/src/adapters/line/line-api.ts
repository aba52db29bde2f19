import type { messagingApi } from '@line/bot-sdk';

/**
 * The LINE Messaging API as the product uses it (one small interface; client.ts implements it over the
 * official @line/bot-sdk, simulator.ts answers the same HTTP calls). Every call takes the channel's access
 * token: a shop's channel is its own.
 */
export type LineMessage = messagingApi.Message;
export type RichMenuRequest = messagingApi.RichMenuRequest;

export type LineApi = {
  createRichMenu: (token: string, menu: RichMenuRequest) => Promise<string>;
  validateRichMenu: (token: string, menu: RichMenuRequest) => Promise<void>;
  uploadRichMenuImage: (
    token: string,
    richMenuId: string,
    png: Buffer,
    contentType?: string,
  ) => Promise<void>;
  setDefaultRichMenu: (token: string, richMenuId: string) => Promise<void>;
  getDefaultRichMenuId: (token: string) => Promise<string | null>;
  linkRichMenuToUser: (token: string, userId: string, richMenuId: string) => Promise<void>;
  deleteRichMenu: (token: string, richMenuId: string) => Promise<void>;
  listRichMenus: (token: string) => Promise<{ richMenuId: string; name: string; chatBarText: string }[]>;
  getBotInfo: (token: string) => Promise<{ userId: string; basicId: string; displayName: string }>;
  /** retryKey: LINE's X-Line-Retry-Key, the same on every retry of one push (a repeat is answered 409). */
  pushMessage: (token: string, to: string, messages: LineMessage[], retryKey: string) => Promise<void>;
  replyMessage: (token: string, replyToken: string, messages: LineMessage[]) => Promise<void>;
  getGroupSummary: (token: string, groupId: string) => Promise<{ groupId: string; groupName: string }>;
  getGroupMemberName: (token: string, groupId: string, userId: string) => Promise<string>;
  getProfileName: (token: string, userId: string) => Promise<string>;
  leaveGroup: (token: string, groupId: string) => Promise<void>;
  testWebhookEndpoint: (
    token: string,
    endpoint: string,
  ) => Promise<{ success: boolean; statusCode: number; reason: string }>;
};

/** A call LINE answered with an error: its status and its `{ message, details }` body. */
export class LineApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { message?: string; property?: string }[] = [],
    /** Retry-After of a 429, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** 429, 5xx and network failures are worth another try. */
  get retryable() {
    return this.status === 429 || this.status >= 500 || this.status === 0;
  }

  /** One line for a user or a log: LINE's message and its first detail. */
  get reason() {
    const d = this.details[0];
    return d
      ? `${this.message}: ${d.property ? `${d.property} ` : ''}${d.message ?? ''}`.trim()
      : this.message;
  }
}
