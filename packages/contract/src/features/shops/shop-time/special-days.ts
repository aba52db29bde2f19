import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { zDateString } from '../../../common/dates';
import { msg } from '../../../common/errors';

/**
 * Special dates / days off (spec 001 §3 "Special date"): id, specialDate (YYYY-MM-DD), openTime, closeDay.
 * closeDay 100 means closed all day (spec 001 §9); it is the only kind the console creates.
 */
export const DAY_OFF_CLOSE_DAY = 100;

export const DAY_OFF_MESSAGES = {
  // spec 001 §8 Days off: add ok and delete ok (wording not shown), fail 'shop {id} day-off change failed'
  added: msg('公休日已新增', 'Day off added'),
  deleted: msg('公休日已刪除', 'Day off deleted'),
  changeFailed: msg('商店 {id} 公休日變更失敗', 'Shop {id} day-off change failed'),
  // spec 001 §5: a special day needs a chosen date
  dateRequired: msg('請選擇日期', 'Please choose a date'),
  dateInPast: msg('不能選擇已過去的日期', 'The date has already passed'),
  alreadyDayOff: msg('此日期已是公休日', 'This date is already a day off'),
  importDone: msg('已新增 {count} 個公休日', '{count} days off added'),
} as const;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is refused). */
export const ZCalendarDate = zDateString(DAY_OFF_MESSAGES.dateRequired.zh);

export const ZSpecialDay = z.object({
  id: z.number().int(),
  specialDate: zText(),
  openTime: zText().nullable(),
  closeDay: z.number().int(),
});
export type TSpecialDay = z.infer<typeof ZSpecialDay>;

/** POST body (spec 001 §7): the date and closeDay 100. */
export const ZAddSpecialDayRequest = z.object({
  date: ZCalendarDate,
  closeDay: z.literal(DAY_OFF_CLOSE_DAY).default(DAY_OFF_CLOSE_DAY),
});
export type TAddSpecialDayRequest = z.input<typeof ZAddSpecialDayRequest>;
export type TAddSpecialDay = z.output<typeof ZAddSpecialDayRequest>;

/** The days-off check: is this local date closed all day? */
export const isDayOff = (
  specialDays: readonly Pick<TSpecialDay, 'specialDate' | 'closeDay'>[],
  date: string,
) => specialDays.some((d) => d.specialDate === date && d.closeDay === DAY_OFF_CLOSE_DAY);

/** Every date from `from` to `to` inclusive (the batch import's range pick); at most `max` dates. */
export const datesInRange = (from: string, to: string, max = 366): string[] => {
  const out: string[] = [];
  const end = new Date(`${to}T00:00:00Z`).getTime();
  for (let t = new Date(`${from}T00:00:00Z`).getTime(); t <= end && out.length < max; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};
