/** A contract message in the board's language. */
export { textOf as say } from '../../../lib/message-text';

/** A name as ordered (zh, or en when the board is in English and the item has one). */
export const nameIn = (names: { zh: string; en?: string | null }, lang: string) =>
  lang === 'en' && names.en ? names.en : names.zh;

const hm = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Taipei',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** HH:mm in the shop's time zone (Asia/Taipei), whatever the tablet's zone. */
export const clock = (iso: string) => hm.format(new Date(iso));
