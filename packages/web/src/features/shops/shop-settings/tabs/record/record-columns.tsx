import { FilterOutlined, RollbackOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, SHOP_TIME_ZONE, type TAuditRow } from '@shopdesk/contract';
import { Button, Dropdown, Flex, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TRecordFilter } from './record-queries';

// spec 001 §1: display in Asia/Taipei, YYYY-MM-DD (with the time: YYYY-MM-DD HH:mm:ss). sv-SE prints that form.
const taipei = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
export const formatTaipei = (iso: string) => taipei.format(new Date(iso));

type TOptions = {
  t: TFunction<'shopSettings'>;
  offset: number;
  filter: TRecordFilter;
  resourceCodes: readonly string[];
  setFilter: (filter: TRecordFilter) => void;
  /** Set for a gaa: the revert column. */
  onRevert?: (row: TAuditRow) => void;
  reverting?: number;
};

export const categoryLabel = (t: TFunction<'shopSettings'>, code: string) =>
  t(`category.${code}` as 'category.business', { defaultValue: code });

/** A column title with its filter icon; the icon hides while any filter is on (spec 001 §2.8). */
const FilterTitle = (o: {
  title: string;
  label: string;
  hidden: boolean;
  items: { key: string; label: string }[];
  pick: (key: string) => void;
  testId: string;
}) => (
  <Flex gap={4} align="center">
    {o.title}
    {!o.hidden && (
      <Dropdown trigger={['click']} menu={{ items: o.items, onClick: ({ key }) => o.pick(key) }}>
        <Button
          type="text"
          size="small"
          icon={<FilterOutlined />}
          aria-label={o.label}
          data-testid={o.testId}
        />
      </Dropdown>
    )}
  </Flex>
);

/**
 * The Record tab's columns (spec 001 §2.8): #, modifier, category, item, action, content, modified time;
 * filters on category (record-resource) and action (record-action); a revert button for a gaa (ours).
 */
export const recordColumns = ({
  t,
  offset,
  filter,
  resourceCodes,
  setFilter,
  onRevert,
  reverting,
}: TOptions) => {
  const columns: ColumnsType<TAuditRow> = [
    { key: 'index', title: t('colIndex'), width: 56, render: (_v, _r, i) => offset + i + 1 },
    { key: 'modifier', title: t('colModifier'), dataIndex: 'userName' },
    {
      key: 'category',
      title: FilterTitle({
        title: t('colCategory'),
        label: `${t('filterBy')} ${t('colCategory')}`,
        hidden: filter !== null,
        items: resourceCodes.map((code) => ({ key: code, label: categoryLabel(t, code) })),
        pick: (value) => setFilter({ kind: 'resource', value }),
        testId: 'filter-category',
      }),
      dataIndex: 'resourceCode',
      render: (code: string) => categoryLabel(t, code),
    },
    { key: 'item', title: t('colItem'), dataIndex: 'displayName' },
    {
      key: 'action',
      title: FilterTitle({
        title: t('colAction'),
        label: `${t('filterBy')} ${t('colAction')}`,
        hidden: filter !== null,
        items: AUDIT_ACTIONS.map((a) => ({ key: a, label: t(`action.${a}`) })),
        pick: (value) => setFilter({ kind: 'action', value: value as TAuditRow['action'] }),
        testId: 'filter-action',
      }),
      dataIndex: 'action',
      render: (a: TAuditRow['action']) => t(`action.${a}`),
    },
    { key: 'content', title: t('colContent'), dataIndex: 'displayLog' },
    {
      key: 'time',
      title: t('colTime'),
      dataIndex: 'createdAt',
      width: 180,
      render: (iso: string) => formatTaipei(iso),
    },
  ];
  if (onRevert) {
    columns.push({
      key: 'revert',
      title: t('colRevert'),
      width: 90,
      render: (_v, row) =>
        row.revertable ? (
          <Popconfirm title={t('revertConfirm', { item: row.displayName })} onConfirm={() => onRevert(row)}>
            <Button
              size="small"
              icon={<RollbackOutlined />}
              loading={reverting === row.id}
              data-testid="revert"
            >
              {t('revert')}
            </Button>
          </Popconfirm>
        ) : null,
    });
  }
  return columns;
};
