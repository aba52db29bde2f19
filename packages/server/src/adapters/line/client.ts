import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { type LineApi, LineApiError } from './line-api';

export const LINE_API_DEFAULT = 'https://api.line.me';
export const LINE_DATA_API_DEFAULT = 'https://api-data.line.me';

export type LineClientConfig = {
  /** LINE_API_BASE_URL (default https://api.line.me). */
  baseUrl?: string;
  /** LINE_DATA_API_BASE_URL (default https://api-data.line.me; the images of rich menus). */
  dataBaseUrl?: string;
};

/** LINE's error body `{ message, details }` out of the SDK's HTTPFetchError; network failures are status 0. */
const toLineError = (err: unknown): LineApiError => {
  if (err instanceof LineApiError) return err;
  if (err instanceof HTTPFetchError) {
    let body: { message?: string; details?: { message?: string; property?: string }[] } = {};
    try {
      body = JSON.parse(err.body) as typeof body;
    } catch {
      body = { message: err.body || err.message };
    }
    const after = Number(err.headers.get('retry-after'));
    return new LineApiError(
      err.status,
      body.message ?? err.message,
      body.details ?? [],
      Number.isFinite(after) && after > 0 ? after * 1000 : undefined,
    );
  }
  return new LineApiError(0, `LINE unreachable: ${(err as Error)?.message ?? String(err)}`);
};

const call = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    throw toLineError(err);
  }
};

/** The real client: the official SDK's MessagingApiClient and MessagingApiBlobClient per channel token. */
export const createLineClient = (config: LineClientConfig = {}): LineApi => {
  const baseURL = config.baseUrl ?? LINE_API_DEFAULT;
  const dataURL = config.dataBaseUrl ?? LINE_DATA_API_DEFAULT;
  const api = (channelAccessToken: string) =>
    new messagingApi.MessagingApiClient({ channelAccessToken, baseURL });
  const blob = (channelAccessToken: string) =>
    new messagingApi.MessagingApiBlobClient({ channelAccessToken, baseURL: dataURL });
  return {
    createRichMenu: (token, menu) => call(async () => (await api(token).createRichMenu(menu)).richMenuId),
    validateRichMenu: (token, menu) =>
      call(async () => {
        await api(token).validateRichMenuObject(menu);
      }),
    uploadRichMenuImage: (token, id, png, contentType = 'image/png') =>
      call(async () => {
        await blob(token).setRichMenuImage(id, new Blob([new Uint8Array(png)], { type: contentType }));
      }),
    setDefaultRichMenu: (token, id) =>
      call(async () => {
        await api(token).setDefaultRichMenu(id);
      }),
    getDefaultRichMenuId: async (token) => {
      try {
        return (await api(token).getDefaultRichMenuId()).richMenuId;
      } catch (err) {
        const e = toLineError(err);
        if (e.status === 404) return null;
        throw e;
      }
    },
    linkRichMenuToUser: (token, userId, id) =>
      call(async () => {
        await api(token).linkRichMenuIdToUser(userId, id);
      }),
    deleteRichMenu: (token, id) =>
      call(async () => {
        await api(token).deleteRichMenu(id);
      }),
    listRichMenus: (token) =>
      call(async () =>
        (await api(token).getRichMenuList()).richmenus.map((m) => ({
          richMenuId: m.richMenuId,
          name: m.name,
          chatBarText: m.chatBarText,
        })),
      ),
    getBotInfo: (token) =>
      call(async () => {
        const b = await api(token).getBotInfo();
        return { userId: b.userId, basicId: b.basicId, displayName: b.displayName };
      }),
    pushMessage: (token, to, messages, retryKey) =>
      call(async () => {
        await api(token).pushMessage({ to, messages }, retryKey);
      }),
    replyMessage: (token, replyToken, messages) =>
      call(async () => {
        await api(token).replyMessage({ replyToken, messages });
      }),
    getGroupSummary: (token, groupId) =>
      call(async () => {
        const g = await api(token).getGroupSummary(groupId);
        return { groupId: g.groupId, groupName: g.groupName };
      }),
    getGroupMemberName: (token, groupId, userId) =>
      call(async () => (await api(token).getGroupMemberProfile(groupId, userId)).displayName),
    leaveGroup: (token, groupId) =>
      call(async () => {
        await api(token).leaveGroup(groupId);
      }),
    getProfileName: (token, userId) => call(async () => (await api(token).getProfile(userId)).displayName),
    testWebhookEndpoint: (token, endpoint) =>
      call(async () => {
        const r = await api(token).testWebhookEndpoint({ endpoint });
        return { success: r.success ?? false, statusCode: r.statusCode, reason: r.reason };
      }),
  };
};
