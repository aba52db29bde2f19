import {
  duplicateLimit,
  englishFor,
  ORDER_LIMIT_MESSAGES,
  type TOrderLimit,
  type TOrderLimitData,
  ZOrderLimitData,
} from '@shopdesk/contract';

/** What a limit form holds while a person edits it: any field may still be empty. */
export type TLimitDraft = {
  meal_type: TOrderLimitData['meal_type'];
  period_session: number[];
  time_session: { start: string | null; end: string | null };
  session_time: number | null;
  max_num_of_order: number | null;
};
export type TLimitField =
  | 'meal_type'
  | 'period_session'
  | 'start'
  | 'end'
  | 'session_time'
  | 'max_num_of_order';
export type TLimitErrors = Partial<Record<TLimitField, string>>;

export const draftOf = (limit: TOrderLimitData | TOrderLimit): TLimitDraft => ({
  meal_type: limit.meal_type,
  period_session: [...limit.period_session],
  time_session: { ...limit.time_session },
  session_time: limit.session_time,
  max_num_of_order: limit.max_num_of_order,
});

const fieldOf = (path: PropertyKey[]): TLimitField =>
  (path[0] === 'time_session' ? (path[1] === 'start' ? 'start' : 'end') : path[0]) as TLimitField;

/** The shop's other limits, for the same-slots rule (the edited one, `exceptId`, aside). */
export type TLimitSiblings = { limits: readonly TOrderLimit[]; exceptId?: number };

/**
 * Checks a draft with the contract's schema (spec 002 §5), the same one the server applies, and against the
 * shop's other limits (two limits on the same slots are refused, as the server does): the data to send, or
 * the first message per field in the current language.
 */
export const checkDraft = (
  draft: TLimitDraft,
  lang: string,
  siblings?: TLimitSiblings,
): { ok: true; data: TOrderLimitData } | { ok: false; errors: TLimitErrors } => {
  const parsed = ZOrderLimitData.safeParse({
    ...draft,
    time_session: { start: draft.time_session.start ?? '', end: draft.time_session.end ?? '' },
    session_time: draft.session_time ?? undefined,
    max_num_of_order: draft.max_num_of_order ?? undefined,
  });
  if (parsed.success) {
    if (!siblings || !duplicateLimit(siblings.limits, parsed.data, siblings.exceptId))
      return { ok: true, data: parsed.data };
    const m = ORDER_LIMIT_MESSAGES.duplicate;
    return { ok: false, errors: { start: lang === 'en' ? m.en : m.zh } };
  }
  const errors: TLimitErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= lang === 'en' ? (englishFor(issue.message) ?? issue.message) : issue.message;
  }
  return { ok: false, errors };
};

export const sameDraft = (a: TLimitDraft, b: TLimitDraft) => JSON.stringify(a) === JSON.stringify(b);
