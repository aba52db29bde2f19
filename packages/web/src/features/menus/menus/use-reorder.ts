import {
  reorderMenuClassesOp,
  reorderOptionGroupsOp,
  reorderOptionsOp,
  reorderProductsOp,
  type TMenu,
  type TUserType,
} from '@shopdesk/contract';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { useMenuCache } from './menu-queries';

const inOrder = <T extends { id: number }>(list: T[], ids: number[]) =>
  ids.map((id, position) => ({ ...list.find((x) => x.id === id)!, position }));

/**
 * Reordering at every level: the cached menu shows the new order at once, the server gets the full id
 * list of the level; a refusal (another editor changed the level meanwhile) reloads the menu.
 */
export const useReorder = (type: TUserType, accountId: number) => {
  const cache = useMenuCache(type, accountId);
  const classes = useApiMutation(reorderMenuClassesOp);
  const products = useApiMutation(reorderProductsOp);
  const groups = useApiMutation(reorderOptionGroupsOp);
  const options = useApiMutation(reorderOptionsOp);
  const params = { type, accountId };

  const apply = async (change: (m: TMenu) => TMenu, call: () => Promise<unknown>) => {
    cache.patch(change);
    try {
      await call();
    } catch (err) {
      notify.apiError(err);
    } finally {
      void cache.refresh();
    }
  };

  const mapProduct = (
    m: TMenu,
    productId: number,
    change: (p: TMenu['products'][number]) => TMenu['products'][number],
  ) => ({
    ...m,
    products: m.products.map((p) => (p.id === productId ? change(p) : p)),
  });

  return {
    classes: (ids: number[]) =>
      apply(
        (m) => ({ ...m, classes: inOrder(m.classes, ids) }),
        () => classes.mutateAsync({ params, body: { ids } }),
      ),
    products: (classId: number, ids: number[]) =>
      apply(
        (m) => ({
          ...m,
          products: [...m.products.filter((p) => p.classId !== classId), ...inOrder(m.products, ids)],
        }),
        () => products.mutateAsync({ params: { ...params, classId }, body: { ids } }),
      ),
    groups: (productId: number, ids: number[]) =>
      apply(
        (m) => mapProduct(m, productId, (p) => ({ ...p, optionGroups: inOrder(p.optionGroups, ids) })),
        () => groups.mutateAsync({ params: { ...params, productId }, body: { ids } }),
      ),
    options: (productId: number, groupId: number, ids: number[]) =>
      apply(
        (m) =>
          mapProduct(m, productId, (p) => ({
            ...p,
            optionGroups: p.optionGroups.map((g) =>
              g.id === groupId ? { ...g, options: inOrder(g.options, ids) } : g,
            ),
          })),
        () => options.mutateAsync({ params: { ...params, groupId }, body: { ids } }),
      ),
  };
};
