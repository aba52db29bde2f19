import type { TFunction } from 'i18next';

/** The system parts that change orders (server order-flow actors `system:<name>`), by the name people use. */
const SYSTEM_PARTS: Record<string, 'actorCourier' | 'actorPrinter'> = {
  courier: 'actorCourier',
  lalamove: 'actorCourier',
  printer: 'actorPrinter',
};
const USER_TYPES = ['gaa', 'si', 'eaa', 'line'] as const;
const isUserType = (k: string): k is (typeof USER_TYPES)[number] =>
  (USER_TYPES as readonly string[]).includes(k);

/**
 * Who changed an order, as a person reads it: the stored actor ("eaa:王小明", "pos:counter1", "customer",
 * "system:courier") never shows as a code.
 */
export const actorText = (actor: string, t: TFunction<'orderSummary'>): string => {
  if (actor === 'customer') return t('actorCustomer');
  const cut = actor.indexOf(':');
  const kind = cut < 0 ? actor : actor.slice(0, cut);
  const name = cut < 0 ? '' : actor.slice(cut + 1);
  if (kind === 'pos') return t('actorPos', { name });
  if (kind === 'system') return t(SYSTEM_PARTS[name] ?? 'actorSystem');
  if (isUserType(kind)) return t('actorUser', { name, role: t(`actorRole_${kind}`) });
  return actor;
};
