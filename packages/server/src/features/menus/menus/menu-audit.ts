import type { TNames } from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';

type Actor = Pick<SessionUser, 'id' | 'name' | 'type'> | { id: null; name: string; type: string };

/** What a menu audit row is about: the Record tab shows the label, a revert finds the row by table + id. */
const SUBJECTS = {
  class: { table: 'menu_classes', label: '菜單分類' },
  product: { table: 'products', label: '商品' },
  group: { table: 'option_groups', label: '選項群組' },
  option: { table: 'options', label: '選項' },
  menu: { table: 'products', label: '菜單' },
} as const;
export type MenuSubject = keyof typeof SUBJECTS;

/** The scheduled stock restore writes its audit rows as this actor. */
export const SYSTEM_ACTOR: Actor = { id: null, name: '系統排程', type: 'system' };

/** One audit row of a menu change (resource code `menu`), written inside the change's transaction. */
export const auditMenu = (
  tx: Db,
  actor: Actor,
  entry: {
    accountId: number;
    subject: MenuSubject;
    action: 'create' | 'update' | 'delete';
    id?: number | string;
    log: string;
    oldValue?: unknown;
    newValue?: unknown;
  },
) => {
  const subject = SUBJECTS[entry.subject];
  return writeAudit(tx, actor, {
    accountId: entry.accountId,
    resourceCode: 'menu',
    action: entry.action,
    displayName: subject.label,
    displayLog: `${subject.label}：${entry.log}`,
    target: { table: subject.table, id: entry.id },
    oldValue: entry.oldValue,
    newValue: entry.newValue,
  });
};

export const nameOf = (names: TNames) => (names.en ? `${names.zh}（${names.en}）` : names.zh);
