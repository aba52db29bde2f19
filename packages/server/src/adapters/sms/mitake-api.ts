/**
 * The SMS gateway's HTTP API: Mitake (三竹資訊) SmSend, the HTTP send call of the Taiwan gateway.
 * POST {base}/api/mtk/SmSend?CharsetURL=UTF-8, body application/x-www-form-urlencoded: username, password,
 * dstaddr (the mobile number), smbody (the text), clientid (the caller's message id: the gateway sends a
 * clientid once and answers a repeat within 12 hours with the first answer plus `Duplicate=Y`).
 * The answer is INI-like text, one section per message:
 *   [1]            msgid=1010079522   statuscode=1   AccountPoint=98
 * statuscode 0/1/2/4 = taken (reserved, at the carrier, delivered); a/b/r/* = the service is busy or down
 * (retry later); c/d/e/f/h/k/m/n/p/s/t/u/v = refused for good (e: wrong username or password, v: bad number,
 * u: empty text…), then an `Error=` line says why.
 * References: Mitake's SmSend HTTP API as the public clients implement it (github.com/minchao/go-mitake
 * message.go: its status-code table and answer parser; api_test.go: the answer shape), and the clientid /
 * Duplicate=Y note of Mitake's parameter list.
 */
export const SMSEND_PATH = '/api/mtk/SmSend';

export const STATUS_TAKEN = new Set(['0', '1', '2', '4']);
/** The service is busy or stopped for a while: the same message may be sent again later. */
export const STATUS_TEMPORARY = new Set(['a', 'b', 'r', '*']);

export const STATUS_TEXT: Record<string, string> = {
  '*': '系統發生錯誤，請聯絡三竹資訊窗口人員',
  a: '簡訊發送功能暫時停止服務，請稍候再試',
  b: '簡訊發送功能暫時停止服務，請稍候再試',
  c: '請輸入帳號',
  d: '請輸入密碼',
  e: '帳號、密碼錯誤',
  f: '帳號已過期',
  h: '帳號已被停用',
  k: '無效的連線位址',
  m: '必須變更密碼，在變更密碼前，無法使用簡訊發送服務',
  n: '密碼已逾期，在變更密碼前，將無法使用簡訊發送服務',
  p: '沒有權限使用外部Http程式',
  r: '系統暫停服務，請稍後再試',
  s: '帳務處理失敗，無法發送簡訊',
  t: '簡訊已過期',
  u: '簡訊內容不得為空白',
  v: '無效的手機號碼',
};

/** Reads the gateway's INI-like answer: the first message's fields and the account's points. */
export const parseSmSendAnswer = (text: string): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const eq = line.indexOf('=');
    if (eq > 0 && !(line.slice(0, eq) in fields)) fields[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return fields;
};

/** Writes an answer the way the gateway does (CRLF lines, one [1] section). */
export const formatSmSendAnswer = (fields: Record<string, string | number | undefined>) =>
  `[1]\r\n${Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join('\r\n')}\r\n`;
