import { DeleteOutlined, EditOutlined, PictureOutlined } from '@ant-design/icons';
import {
  deleteProductOp,
  type TMenu,
  type TMenuProduct,
  type TUserType,
  updateProductOp,
} from '@shopdesk/contract';
import {
  Button,
  Flex,
  Image,
  Popconfirm,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { MoveButtons } from './MoveButtons';
import { useMenuWrite } from './menu-queries';
import { formatPrice, useMealLabel, useNameOf } from './menu-text';
import { DragHandle } from './sortable';

const THUMB = 48;

/**
 * The product table's columns: image, names (and option groups), price, calories when the shop shows them
 * (spec 001 §2.2 is_calorie), meal types, sold-out switch with today's stock, actions.
 */
export const useProductColumns = ({
  type,
  accountId,
  menu,
  sortable,
  count,
  move,
  onEdit,
}: {
  type: TUserType;
  accountId: number;
  menu: TMenu;
  sortable: boolean;
  count: number;
  move: (from: number, to: number) => void;
  onEdit: (productId: number) => void;
}): TableColumnsType<TMenuProduct> => {
  const { t } = useTranslation('menus');
  const { token } = theme.useToken();
  const nameOf = useNameOf();
  const mealLabel = useMealLabel();
  const update = useMenuWrite(updateProductOp, type, accountId);
  const remove = useMenuWrite(deleteProductOp, type, accountId);

  const call = async (run: () => Promise<unknown>, done?: string) => {
    try {
      await run();
      if (done) notify.success(done);
    } catch (err) {
      notify.apiError(err);
    }
  };

  return [
    ...(sortable ? [{ key: 'drag', width: 40, render: () => <DragHandle /> }] : []),
    {
      key: 'image',
      title: t('colImage'),
      width: THUMB + 16,
      render: (_, p) =>
        p.imageUrl ? (
          <Image
            src={p.imageUrl}
            width={THUMB}
            height={THUMB}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            alt={nameOf(p.names)}
          />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ width: THUMB, height: THUMB, background: 'rgba(0,0,0,0.04)', borderRadius: 6 }}
          >
            <PictureOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />
          </Flex>
        ),
    },
    {
      key: 'name',
      title: t('colName'),
      render: (_, p) => (
        <Flex vertical>
          <Button
            type="link"
            onClick={() => onEdit(p.id)}
            style={{ padding: 0, height: 'auto', justifyContent: 'flex-start' }}
          >
            {p.names.zh}
          </Button>
          {p.names.en && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {p.names.en}
            </Typography.Text>
          )}
          {p.optionGroups.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {p.optionGroups.map((g) => nameOf(g.names)).join('・')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'price', title: t('colPrice'), align: 'right', render: (_, p) => formatPrice(p.price) },
    ...(menu.shop.isCalorie
      ? [
          {
            key: 'kcal',
            title: t('colCalories'),
            render: (_: unknown, p: TMenuProduct) =>
              p.calories === null ? '—' : t('kcal', { value: p.calories }),
          },
        ]
      : []),
    {
      key: 'meals',
      title: t('colMeals'),
      render: (_, p) => (
        <Space size={[0, 4]} wrap>
          {p.mealTypes.map((m) => (
            <Tag
              key={m}
              bordered={false}
              color={menu.shop.mealTypes.includes(m) ? 'blue' : undefined}
              title={menu.shop.mealTypes.includes(m) ? undefined : t('mealOff', { meal: mealLabel(m) })}
            >
              {mealLabel(m)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('colStatus'),
      render: (_, p) => (
        <Flex vertical gap={4} align="flex-start">
          <Switch
            checked={p.soldOut}
            checkedChildren={t('soldOut')}
            unCheckedChildren={t('onSale')}
            aria-label={`${t('soldOutSwitch')} ${p.names.zh}`}
            style={{ background: p.soldOut ? token.colorError : token.colorSuccess }}
            onChange={(soldOut) => call(() => update.run({ params: { productId: p.id }, body: { soldOut } }))}
          />
          <Typography.Text type={p.stockLeft === 0 ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            {p.dailyStock === null
              ? t('unlimited')
              : t('stockOf', { left: p.stockLeft ?? 0, daily: p.dailyStock })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('colActions'),
      fixed: 'right',
      render: (_, p, index) => (
        <Space size={0}>
          {!sortable && <MoveButtons index={index} count={count} onMove={move} />}
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('edit')}
            onClick={() => onEdit(p.id)}
          />
          <Popconfirm
            title={t('deleteProductConfirm', { name: nameOf(p.names) })}
            okText={t('delete')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => call(() => remove.run({ params: { productId: p.id } }), t('deleted'))}
          >
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
};
