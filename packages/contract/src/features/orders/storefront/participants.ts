// 團購 (storefront/group-cart.ts): no imports, so the ticket renderer can use it without the storefront's operations.
/**
 * Items grouped under each participant, in the order the names first appear; items without a name (an
 * ordinary order) form one group named null. The board, the ticket and the app list who ordered what with it.
 */
export const participantGroups = <T extends { participant?: string | null }>(
  items: readonly T[],
): { participant: string | null; items: T[] }[] => {
  const groups = new Map<string | null, T[]>();
  for (const i of items) {
    const key = i.participant ?? null;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  return [...groups].map(([participant, list]) => ({ participant, items: list }));
};
