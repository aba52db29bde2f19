import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  deleteOptionOp,
  type TMenuOption,
  type TMenuOptionGroup,
  type TUserType,
  updateOptionOp,
} from '@shopdesk/contract';
import { Button, Flex, Popconfirm, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { MoveButtons } from './MoveButtons';
import { useMenuWrite } from './menu-queries';
import { formatDelta, moveItem, useNameOf } from './menu-text';
import { OptionDialog } from './OptionDialog';
import { useReorder } from './use-reorder';

/** The options of one group: name, price change, own sold-out mark; add, edit, delete, reorder. */
export const OptionRows = ({
  type,
  accountId,
  productId,
  group,
}: {
  type: TUserType;
  accountId: number;
  productId: number;
  group: TMenuOptionGroup;
}) => {
  const { t } = useTranslation('menus');
  const nameOf = useNameOf();
  const [dialog, setDialog] = useState<{ editing: TMenuOption | null } | null>(null);
  const update = useMenuWrite(updateOptionOp, type, accountId);
  const remove = useMenuWrite(deleteOptionOp, type, accountId);
  const reorder = useReorder(type, accountId);
  const ids = group.options.map((o) => o.id);

  const call = async (run: () => Promise<unknown>, done?: string) => {
    try {
      await run();
      if (done) notify.success(done);
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Flex vertical gap={4}>
      {group.options.length === 0 && <Typography.Text type="secondary">{t('noOptions')}</Typography.Text>}
      {group.options.map((o, index) => (
        <Flex key={o.id} align="center" gap={8} wrap>
          <Typography.Text delete={o.soldOut} style={{ flex: 1, minWidth: 120 }}>
            {o.names.zh}
            {o.names.en && <Typography.Text type="secondary"> {o.names.en}</Typography.Text>}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ width: 64, textAlign: 'right' }}>
            {formatDelta(o.priceDelta) || t('free')}
          </Typography.Text>
          <Space size={4}>
            <Switch
              size="small"
              checked={o.soldOut}
              checkedChildren={t('soldOut')}
              unCheckedChildren={t('onSale')}
              aria-label={`${t('soldOutSwitch')} ${o.names.zh}`}
              onChange={(soldOut) =>
                call(() => update.run({ params: { optionId: o.id }, body: { soldOut } }))
              }
            />
          </Space>
          <Space size={0}>
            <MoveButtons
              index={index}
              count={ids.length}
              onMove={(from, to) => void reorder.options(productId, group.id, moveItem(ids, from, to))}
            />
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('edit')}
              onClick={() => setDialog({ editing: o })}
            />
            <Popconfirm
              title={t('deleteOptionConfirm', { name: nameOf(o.names) })}
              okText={t('delete')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => call(() => remove.run({ params: { optionId: o.id } }), t('deleted'))}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
            </Popconfirm>
          </Space>
        </Flex>
      ))}
      <div>
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ editing: null })}
        >
          {t('addOption')}
        </Button>
      </div>
      <OptionDialog
        type={type}
        accountId={accountId}
        groupId={group.id}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
    </Flex>
  );
};
