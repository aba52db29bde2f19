import {
  ADMIN_PAGE_SIZES,
  getManagedUserOp,
  getSiAccountOp,
  listAssignableShopsOp,
  listEaaUsersOp,
  listGaaUsersOp,
  listSiAccountsAdminOp,
  listSiUsersOp,
  type TAdminUserStatus,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../../../lib/api-query';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';
import { useSession } from '../session/session-context';

/** The two portals that manage users: gaa every user, si its own staff and its shops' owners. */
export type TAdminType = 'gaa' | 'si';
/** Which users a list shows. */
export type TUserKind = 'gaa' | 'si' | 'eaa';

/** One query-key family for the feature: any save invalidates all of it (lists, counts, one user). */
export const adminKeys = {
  all: ['admin-users'] as const,
  users: (kind: TUserKind, args: object) => ['admin-users', 'users', kind, args] as const,
  user: (type: TAdminType, id: number) => ['admin-users', 'user', type, id] as const,
  siAccounts: (args: object) => ['admin-users', 'si-accounts', args] as const,
  siAccount: (id: number) => ['admin-users', 'si-account', id] as const,
  assignable: (type: TAdminType, q: string) => ['admin-users', 'assignable', type, q] as const,
};

export const useInvalidateAdmin = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: adminKeys.all });
};

/** The portal the signed-in user manages from ('gaa' or 'si'; the route table admits no one else). */
export const useAdminType = (): TAdminType => (useSession().user?.type === 'si' ? 'si' : 'gaa');

const STATUSES = new Set<string>(['active', 'invited', 'disabled']);
const FILTER_KEYS = ['q', 'status'] as const;

/** A list's page, size, search text and status, kept in the URL (STYLE.md). */
export const useAdminListState = () => {
  const list = useUrlListState({ filterKeys: FILTER_KEYS, sizes: ADMIN_PAGE_SIZES });
  const status = STATUSES.has(list.filters.status) ? (list.filters.status as TAdminUserStatus) : undefined;
  const query = {
    offset: list.offset,
    limit: list.size,
    q: list.filters.q || undefined,
    status,
  };
  return { ...list, status, query };
};

type TListQuery = ReturnType<typeof useAdminListState>['query'];

/** One page of users of a kind: gaa users, one SI's users, or store owners. */
export const useUserList = (kind: TUserKind, type: TAdminType, query: TListQuery, siId?: number) => {
  const opts = { queryKey: adminKeys.users(kind, { type, siId, query }), placeholderData: keepPreviousData };
  const gaa = useApiQuery(listGaaUsersOp, { query }, { ...opts, enabled: kind === 'gaa' });
  const si = useApiQuery(
    listSiUsersOp,
    { params: { type, siId: siId ?? 0 }, query },
    { ...opts, enabled: kind === 'si' && siId !== undefined },
  );
  const eaa = useApiQuery(listEaaUsersOp, { params: { type }, query }, { ...opts, enabled: kind === 'eaa' });
  return kind === 'gaa' ? gaa : kind === 'si' ? si : eaa;
};

export const useManagedUser = (type: TAdminType, id: number | undefined) =>
  useApiQuery(
    getManagedUserOp,
    { params: { type, userId: id ?? 0 } },
    { queryKey: adminKeys.user(type, id ?? 0), enabled: id !== undefined },
  );

/** An si's own SI account id, read from its own user row (the session carries no tenant). */
export const useOwnSiAccountId = (): { siId: number | undefined; isError: boolean; error: unknown } => {
  const me = useSession().user;
  const own = useManagedUser('si', me?.type === 'si' ? me.id : undefined);
  return { siId: own.data?.user.siAccountId ?? undefined, isError: own.isError, error: own.error };
};

export const useSiAccounts = (query: Omit<TListQuery, 'status'>) =>
  useApiQuery(
    listSiAccountsAdminOp,
    { query },
    { queryKey: adminKeys.siAccounts(query), placeholderData: keepPreviousData },
  );

export const useSiAccount = (id: number | undefined) =>
  useApiQuery(
    getSiAccountOp,
    { params: { siId: id ?? 0 } },
    { queryKey: adminKeys.siAccount(id ?? 0), enabled: id !== undefined },
  );

export const useAssignableShops = (type: TAdminType, q: string) =>
  useApiQuery(
    listAssignableShopsOp,
    { params: { type }, query: { offset: 0, limit: 20, q: q || undefined } },
    { queryKey: adminKeys.assignable(type, q), placeholderData: keepPreviousData },
  );

/** A route parameter as a positive id, or undefined. */
export const idParam = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export const taipeiDate = (iso: string) =>
  new Date(iso).toLocaleString('zh-TW', { timeZone: 'Asia/Taipei', hour12: false, dateStyle: 'short' });
