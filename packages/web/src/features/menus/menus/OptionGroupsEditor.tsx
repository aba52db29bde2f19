import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  deleteOptionGroupOp,
  type TMenuOptionGroup,
  type TMenuProduct,
  type TUserType,
} from '@shopdesk/contract';
import { Button, Card, Empty, Flex, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { MoveButtons } from './MoveButtons';
import { useMenuWrite } from './menu-queries';
import { moveItem, useNameOf } from './menu-text';
import { OptionGroupDialog } from './OptionGroupDialog';
import { OptionRows } from './OptionRows';
import { useReorder } from './use-reorder';

/** A product's option groups (e.g. 甜度, 冰塊, 加料), each with its options. */
export const OptionGroupsEditor = ({
  type,
  accountId,
  product,
}: {
  type: TUserType;
  accountId: number;
  product: TMenuProduct;
}) => {
  const { t } = useTranslation('menus');
  const nameOf = useNameOf();
  const [dialog, setDialog] = useState<{ editing: TMenuOptionGroup | null } | null>(null);
  const remove = useMenuWrite(deleteOptionGroupOp, type, accountId);
  const reorder = useReorder(type, accountId);
  const ids = product.optionGroups.map((g) => g.id);

  const onDelete = async (g: TMenuOptionGroup) => {
    try {
      await remove.run({ params: { groupId: g.id } });
      notify.success(t('deleted'));
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Flex vertical gap={12}>
      {product.optionGroups.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOptions')} />
      )}
      {product.optionGroups.map((g, index) => (
        <Card
          key={g.id}
          size="small"
          title={
            <Space size={6} wrap>
              <span>{nameOf(g.names)}</span>
              <Tag bordered={false}>{g.kind === 'single' ? t('single') : t('multiple')}</Tag>
              <Tag bordered={false} color={g.minSelect > 0 ? 'orange' : undefined}>
                {g.minSelect > 0 ? t('required') : t('optional')}
              </Tag>
              {g.kind === 'multiple' && (
                <Tag bordered={false}>{t('choose', { min: g.minSelect, max: g.maxSelect })}</Tag>
              )}
            </Space>
          }
          extra={
            <Space size={0}>
              <MoveButtons
                index={index}
                count={ids.length}
                onMove={(from, to) => void reorder.groups(product.id, moveItem(ids, from, to))}
              />
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('edit')}
                onClick={() => setDialog({ editing: g })}
              />
              <Popconfirm
                title={t('deleteGroupConfirm', { name: nameOf(g.names) })}
                okText={t('delete')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(g)}
              >
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
              </Popconfirm>
            </Space>
          }
        >
          <OptionRows type={type} accountId={accountId} productId={product.id} group={g} />
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
        {t('addGroup')}
      </Button>
      <OptionGroupDialog
        type={type}
        accountId={accountId}
        productId={product.id}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
    </Flex>
  );
};
