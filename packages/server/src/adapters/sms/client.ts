import { parseSmSendAnswer, SMSEND_PATH, STATUS_TAKEN, STATUS_TEMPORARY, STATUS_TEXT } from './mitake-api';

export type SmsMessage = {
  to: string;
  text: string /** the gateway's dedupe key (clientid) */;
  clientId: string;
};

/** What one send came to: taken, worth another try later, or refused for good. */
export type SmsAnswer =
  | { kind: 'sent'; msgid: string; duplicate: boolean }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'refused'; reason: string };

/** The SMS gateway as the features see it (adapters/sms: Mitake SmSend, or its local simulator). */
export type SmsGateway = { url: string; send: (m: SmsMessage) => Promise<SmsAnswer> };

/** The real client: SMS_URL (the gateway's base, e.g. https://smsapi.mitake.com.tw), SMS_USERNAME, SMS_PASSWORD. */
export const createMitakeClient = (cfg: {
  url: string;
  username: string;
  password: string;
  timeoutMs?: number;
}): SmsGateway => {
  const endpoint = `${cfg.url.replace(/\/+$/, '')}${SMSEND_PATH}?CharsetURL=UTF-8`;
  return {
    url: cfg.url,
    send: async (m) => {
      const body = new URLSearchParams({
        username: cfg.username,
        password: cfg.password,
        dstaddr: m.to,
        smbody: m.text,
        clientid: m.clientId,
      });
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(cfg.timeoutMs ?? 10_000),
        });
      } catch (err) {
        return { kind: 'retry', reason: `SMS gateway unreachable: ${(err as Error).message}` };
      }
      const text = await res.text().catch(() => '');
      if (res.status === 429 || res.status >= 500) {
        const after = Number(res.headers.get('retry-after'));
        return {
          kind: 'retry',
          reason: `SMS gateway answered ${res.status}`,
          ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}),
        };
      }
      if (!res.ok) return { kind: 'refused', reason: `SMS gateway answered ${res.status}` };
      const f = parseSmSendAnswer(text);
      const code = f.statuscode ?? '';
      if (STATUS_TAKEN.has(code) && f.msgid)
        return { kind: 'sent', msgid: f.msgid, duplicate: f.Duplicate === 'Y' };
      const reason = `statuscode=${code || '?'} ${f.Error ?? STATUS_TEXT[code] ?? text.slice(0, 200)}`;
      return STATUS_TEMPORARY.has(code) ? { kind: 'retry', reason } : { kind: 'refused', reason };
    },
  };
};
