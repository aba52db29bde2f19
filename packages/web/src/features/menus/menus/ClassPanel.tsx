import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { deleteMenuClassOp, type TMenu, type TMenuClass, type TUserType } from '@shopdesk/contract';
import { Badge, Button, Card, Empty, Flex, Popconfirm, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { ClassDialog } from './ClassDialog';
import { MoveButtons } from './MoveButtons';
import { useMenuWrite } from './menu-queries';
import { moveItem, useNameOf } from './menu-text';
import { DragHandle, SortableBlock, SortableItems } from './sortable';
import { useReorder } from './use-reorder';

type TProps = {
  type: TUserType;
  accountId: number;
  menu: TMenu;
  selected: number | null;
  onSelect: (classId: number) => void;
  sortable: boolean;
};

/** The classes (categories) of the shop, in order: pick one to see its products; add, edit, delete, reorder. */
export const ClassPanel = ({ type, accountId, menu, selected, onSelect, sortable }: TProps) => {
  const { t } = useTranslation('menus');
  const nameOf = useNameOf();
  const { token } = theme.useToken();
  const [dialog, setDialog] = useState<{ editing: TMenuClass | null } | null>(null);
  const remove = useMenuWrite(deleteMenuClassOp, type, accountId);
  const reorder = useReorder(type, accountId);
  const ids = menu.classes.map((c) => c.id);
  const move = (from: number, to: number) => void reorder.classes(moveItem(ids, from, to));

  const onDelete = async (cls: TMenuClass) => {
    try {
      await remove.run({ params: { classId: cls.id } });
      notify.success(t('deleted'));
    } catch (err) {
      notify.apiError(err);
    }
  };

  const row = (cls: TMenuClass, index: number) => {
    const active = cls.id === selected;
    const count = menu.products.filter((p) => p.classId === cls.id).length;
    return (
      <Flex
        key={cls.id}
        align="center"
        gap={4}
        role="option"
        aria-selected={active}
        tabIndex={0}
        onClick={() => onSelect(cls.id)}
        onKeyDown={(e) => e.key === 'Enter' && onSelect(cls.id)}
        style={{
          padding: '6px 8px',
          borderRadius: token.borderRadius,
          cursor: 'pointer',
          background: active ? token.controlItemBgActive : undefined,
        }}
      >
        {sortable && <DragHandle />}
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong={active} ellipsis>
            {cls.names.zh}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {cls.names.en ? `${cls.names.en} · ${cls.sku}` : cls.sku}
          </Typography.Text>
        </Flex>
        <Badge
          count={count}
          showZero
          color={token.colorTextQuaternary}
          title={t('productCount', { count })}
        />
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {!sortable && <MoveButtons index={index} count={ids.length} onMove={move} />}
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('edit')}
            onClick={() => setDialog({ editing: cls })}
          />
          <Popconfirm
            title={t('deleteClassConfirm', { name: nameOf(cls.names) })}
            okText={t('delete')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(cls)}
          >
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
          </Popconfirm>
        </span>
      </Flex>
    );
  };

  return (
    <Card
      size="small"
      title={t('classes')}
      extra={
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ editing: null })}
        >
          {t('addClass')}
        </Button>
      }
    >
      {menu.classes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noClasses')} />
      ) : sortable ? (
        <SortableItems ids={ids} onMove={move}>
          <div role="listbox" aria-label={t('classes')}>
            {menu.classes.map((c, i) => (
              <SortableBlock key={c.id} id={c.id}>
                {row(c, i)}
              </SortableBlock>
            ))}
          </div>
        </SortableItems>
      ) : (
        <div role="listbox" aria-label={t('classes')}>
          {menu.classes.map(row)}
        </div>
      )}
      <ClassDialog
        type={type}
        accountId={accountId}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(cls) => onSelect(cls.id)}
      />
    </Card>
  );
};
