import { PlusOutlined } from '@ant-design/icons';
import type { TMenu, TMenuProduct, TUserType } from '@shopdesk/contract';
import { Button, Card, Flex, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from './BulkBar';
import { moveItem, useNameOf } from './menu-text';
import { useProductColumns } from './product-columns';
import { SortableItems, SortableTableRow } from './sortable';
import { useReorder } from './use-reorder';

type TProps = {
  type: TUserType;
  accountId: number;
  menu: TMenu;
  classId: number;
  sortable: boolean;
  onAdd: () => void;
  onEdit: (productId: number) => void;
};

/** The products of one class: image, names, price, calories, meal types, stock, sold-out; bulk actions. */
export const ProductTable = ({ type, accountId, menu, classId, sortable, onAdd, onEdit }: TProps) => {
  const { t } = useTranslation('menus');
  const nameOf = useNameOf();
  const [selected, setSelected] = useState<number[]>([]);
  const reorder = useReorder(type, accountId);
  const rows = menu.products.filter((p) => p.classId === classId);
  const ids = rows.map((p) => p.id);
  const cls = menu.classes.find((c) => c.id === classId);
  const move = (from: number, to: number) => void reorder.products(classId, moveItem(ids, from, to));

  const columns = useProductColumns({ type, accountId, menu, sortable, count: ids.length, move, onEdit });

  const table = (
    <Table<TMenuProduct>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('noProducts') }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      components={sortable ? { body: { row: SortableTableRow } } : undefined}
      scroll={{ x: 'max-content' }}
    />
  );

  return (
    <Card
      size="small"
      title={cls ? t('productsOf', { name: nameOf(cls.names) }) : t('products')}
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('addProduct')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <BulkBar
          type={type}
          accountId={accountId}
          menu={menu}
          classId={classId}
          selected={selected}
          onDone={() => setSelected([])}
        />
        {sortable ? (
          <SortableItems ids={ids} onMove={move}>
            {table}
          </SortableItems>
        ) : (
          table
        )}
      </Flex>
    </Card>
  );
};
