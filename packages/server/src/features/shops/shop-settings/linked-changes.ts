import {
  applyPaymentLinkage,
  businessViolations,
  DINING_MODES,
  SHOP_SETTINGS_MESSAGES as M,
  SETTINGS_FIELDS,
  type TBusinessData,
  type TPaymentFlags,
  type TSettingField,
  type TSettingValue,
} from '@shopdesk/contract';
import { badRequest } from '../../../http/errors';
import { sameValue } from './audit-values';
import { apiToProfile, profileToApi, storageOf } from './settings-columns';
import { readValue, type TFieldChange, type TSettingsState } from './settings-store';

/** The switches the payment linkage reads and writes (spec 001 §4 "Payment-type consistency"). */
const PAYMENT_FLAGS = new Set<string>([
  'isMobilePayment',
  'isLala',
  ...DINING_MODES.flatMap((m) => [m.mode, m.cash, m.pay]),
] satisfies (keyof TPaymentFlags)[]);

const byProfile = new Map(SETTINGS_FIELDS.filter((f) => f.profile).map((f) => [f.profile as string, f]));

/**
 * What saving `value` into `field` changes: nothing when it is the current value; the field alone for the
 * settings-only columns; for shop-profile fields, the payment linkage's corrections too (the shop-profile
 * rule, reused), refused with the rule's message when the change breaks a shop rule (spec 001 §5) or the
 * linkage has to undo it (尚未啟用線上支付).
 */
export const linkedChanges = (
  state: TSettingsState,
  field: TSettingField,
  value: TSettingValue,
): TFieldChange[] => {
  if (sameValue(readValue(state, field), value)) return [];
  const s = storageOf(field);
  if (s.kind !== 'profile') return [{ field, value }];

  const profile = s.field.profile;
  const prev = state.shop.data;
  let next: TBusinessData = { ...prev, [profile]: apiToProfile(s.field, value) };
  if (PAYMENT_FLAGS.has(profile)) {
    const linked = applyPaymentLinkage(prev, next);
    if (linked.data[profile] === prev[profile]) throw badRequest(linked.warning ?? M.saveFailed, field.key);
    next = linked.data;
  }

  // Refuse what this change breaks, not what the shop already had wrong before it.
  const before = businessViolations(prev);
  const broken = businessViolations(next).find(
    (v) => !before.some((b) => b.field === v.field && b.message.zh === v.message.zh),
  );
  if (broken) throw badRequest(broken.message, byProfile.get(broken.field)?.key ?? field.key);

  const others = [...PAYMENT_FLAGS]
    .filter((p) => p !== profile && next[p as keyof TPaymentFlags] !== prev[p as keyof TPaymentFlags])
    .map((p) => {
      const other = byProfile.get(p)!;
      return { field: other, value: profileToApi(other, next[p as keyof TPaymentFlags]) };
    });
  return [{ field, value }, ...others];
};
