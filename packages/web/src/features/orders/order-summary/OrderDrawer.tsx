import {
  actionsFor,
  BANNED_LIST_USER_TYPES,
  LOGISTICS_STATUS_LABELS,
  mealLabelOf,
  ORDER_ACTION_LABELS,
  ORDER_ACTIONS,
  ORDER_MESSAGES,
  ORDER_PAYMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_SERVICE_NAMES,
  paymentMethodLabel,
  reasonPresetsFor,
  type TOrderAction,
  type TSummaryOrderDetail,
  type TUserType,
} from '@shopdesk/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ApiClientError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { actorText } from './actor-text';
import { taipeiTime, useBlockCustomer, useOrderAction, useSummaryOrder } from './order-summary-queries';
import { RecallButton } from './RecallButton';
import { StatusTag } from './StatusTag';

type TAsk = { kind: 'action'; action: TOrderAction } | { kind: 'block' };

/** The order detail drawer of /summary/orders: items, amounts, customer, history, and the allowed actions. */
export const OrderDrawer = ({
  type,
  orderId,
  onClose,
}: {
  type: TUserType;
  orderId: number | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('orderSummary');
  const text = useMessageText();
  const errorText = useErrorText();
  const detail = useSummaryOrder(type, orderId);
  const act = useOrderAction();
  const block = useBlockCustomer();
  const [ask, setAsk] = useState<TAsk | null>(null);
  const order = detail.data?.order;

  const run = async (action: TOrderAction, reason?: string) => {
    if (!order) return false;
    try {
      const res = await act.mutateAsync({
        params: { type, orderId: order.id, action },
        body: { reason: reason ?? null },
      });
      notify.success(t('actionDone', { status: text(ORDER_STATUS_LABELS[res.order.status]) }));
      return true;
    } catch (err) {
      // 409: another board was faster; the server says where the order is now, the drawer refreshes.
      notify.error(errorText(err));
      void detail.refetch();
      return err instanceof ApiClientError && err.status === 409;
    }
  };

  const blockCustomer = async (reason: string) => {
    if (!order) return false;
    try {
      await block.mutateAsync({
        params: { type: type as 'gaa' | 'eaa', orderId: order.id },
        body: { reason },
      });
      notify.success(text(ORDER_MESSAGES.blocked));
      return true;
    } catch (err) {
      const known = err instanceof ApiClientError && (err.status === 409 || err.status === 400);
      notify.error(known ? errorText(err) : text(ORDER_MESSAGES.blockFailed));
      return known && (err as ApiClientError).status === 409;
    }
  };

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size="large"
      title={order ? t('drawerTitle', { serial: order.serial }) : ' '}
      data-testid="order-drawer"
      extra={order ? <StatusTag status={order.status} /> : null}
    >
      {detail.isError ? (
        <Alert type="error" showIcon role="alert" title={text(ORDER_MESSAGES.detailUnavailable)} />
      ) : !order ? (
        <Spin />
      ) : (
        <>
          <Flex gap={8} wrap style={{ marginBottom: 16 }} data-testid="order-actions">
            {actionsFor(order.status).map((a) => (
              <Button
                key={a}
                type={a === 'accept' || a === 'complete' ? 'primary' : 'default'}
                danger={a === 'reject' || a === 'cancel'}
                loading={act.isPending && act.variables?.params.action === a}
                onClick={() =>
                  ORDER_ACTIONS[a].needsReason ? setAsk({ kind: 'action', action: a }) : run(a)
                }
              >
                {text(ORDER_ACTION_LABELS[a])}
              </Button>
            ))}
            {(BANNED_LIST_USER_TYPES as readonly string[]).includes(type) && !order.blocked ? (
              <Button danger type="dashed" onClick={() => setAsk({ kind: 'block' })}>
                {t('block')}
              </Button>
            ) : null}
            <RecallButton type={type} order={order} />
            {order.blocked ? <Tag color="red">{t('blockedTag')}</Tag> : null}
          </Flex>
          <OrderFacts order={order} />
          <Typography.Title level={5}>{t('items')}</Typography.Title>
          <OrderItems order={order} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('history')}
          </Typography.Title>
          <Timeline
            data-testid="order-history"
            items={order.history.map((h) => ({
              content: (
                <>
                  <Typography.Text strong>{text(ORDER_STATUS_LABELS[h.status])}</Typography.Text>{' '}
                  <Typography.Text type="secondary">{taipeiTime(h.at)}</Typography.Text>
                  {h.actor ? <div>{t('by', { actor: actorText(h.actor, t) })}</div> : null}
                  {h.reason ? <div>{`${t('reason')}：${h.reason}`}</div> : null}
                </>
              ),
            }))}
          />
        </>
      )}
      <ReasonDialog
        open={ask !== null}
        title={
          ask?.kind === 'action'
            ? t('reasonTitle', { action: text(ORDER_ACTION_LABELS[ask.action]) })
            : t('blockTitle', { name: order?.customerName ?? '', phone: order?.customerPhone ?? '' })
        }
        presets={ask?.kind === 'action' ? reasonPresetsFor(order?.mealType ?? '') : []}
        onOk={(reason) => (ask?.kind === 'action' ? run(ask.action, reason) : blockCustomer(reason))}
        onCancel={() => setAsk(null)}
      />
    </Drawer>
  );
};

const OrderFacts = ({ order }: { order: TSummaryOrderDetail }) => {
  const { t } = useTranslation('orderSummary');
  const text = useMessageText();
  const items = [
    { key: 'shop', label: t('colShop'), children: order.shopName },
    { key: 'created', label: t('createdAt'), children: taipeiTime(order.createdAt) },
    { key: 'meal', label: t('mealType'), children: text(mealLabelOf(order.mealType, order.pickUp)) },
    ...(order.customerEmail ? [{ key: 'email', label: 'Email', children: order.customerEmail }] : []),
    {
      key: 'wanted',
      label: t('wantedAt'),
      children: order.wantedAt ? taipeiTime(order.wantedAt) : t('asap'),
    },
    ...(order.tableNumber ? [{ key: 'table', label: t('table'), children: order.tableNumber }] : []),
    ...(order.comment ? [{ key: 'comment', label: t('comment'), children: order.comment }] : []),
    ...(order.receipt ? [{ key: 'receipt', label: t('receipt'), children: t('receiptWanted') }] : []),
    {
      key: 'payment',
      label: t('payment'),
      children: order.onlinePayment
        ? `${PAYMENT_SERVICE_NAMES[order.onlinePayment.service]}（${text(ORDER_PAYMENT_STATUS_LABELS[order.onlinePayment.status])}）`
        : `${text(order.paymentMethod in PAYMENT_METHOD_LABELS ? paymentMethodLabel(order.paymentMethod as 'cash', order.mealType) : { zh: order.paymentMethod, en: order.paymentMethod })}（${t(order.paymentStatus as 'paid')}）`,
    },
    { key: 'name', label: t('customerName'), children: order.customerName },
    { key: 'phone', label: t('phone'), children: order.customerPhone },
    ...(order.lineUserId ? [{ key: 'chat', label: t('chatUserId'), children: order.lineUserId }] : []),
    ...(order.deliveryAddress
      ? [{ key: 'address', label: t('deliveryAddress'), children: order.deliveryAddress }]
      : []),
    ...(order.logisticsStatus
      ? [
          {
            key: 'logistics',
            label: t('logistics'),
            children: (
              <span data-testid="logistics-status">
                {text(LOGISTICS_STATUS_LABELS[order.logisticsStatus])}
              </span>
            ),
          },
        ]
      : []),
    ...(order.statusReason ? [{ key: 'reason', label: t('reason'), children: order.statusReason }] : []),
  ];
  return <Descriptions size="small" column={1} bordered items={items} style={{ marginBottom: 16 }} />;
};

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;

const OrderItems = ({ order }: { order: TSummaryOrderDetail }) => {
  const { t } = useTranslation('orderSummary');
  // 團購: a group order names who ordered each item (as the board and the ticket do)
  const group = order.items.some((i) => i.participant !== null);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={order.items}
      columns={[
        ...(group
          ? [
              {
                key: 'participant',
                title: t('participant'),
                width: 100,
                render: (_: unknown, item: TSummaryOrderDetail['items'][number]) => (
                  <span data-testid="item-participant">{item.participant}</span>
                ),
              },
            ]
          : []),
        {
          key: 'name',
          title: t('items'),
          render: (_, item) => (
            <>
              {item.name}
              {item.options.length ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {item.options.map((o) => (o.priceDelta ? `${o.name} +${o.priceDelta}` : o.name)).join('、')}
                </Typography.Text>
              ) : null}
              {item.note ? (
                <Typography.Text strong style={{ display: 'block', fontSize: 12 }}>
                  「{item.note}」
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        { key: 'qty', title: t('quantity'), dataIndex: 'quantity', width: 60, align: 'right' },
        {
          key: 'line',
          title: t('colTotal'),
          width: 100,
          align: 'right',
          render: (_, i) => money(i.lineTotal),
        },
      ]}
      summary={() => (
        <>
          {[
            ['subtotal', order.subtotal],
            ...(order.deliveryFee ? [['deliveryFee', order.deliveryFee] as const] : []),
            ...(order.discount ? [['discount', -order.discount] as const] : []),
            ['orderTotal', order.total],
          ].map(([k, v]) => (
            <Table.Summary.Row key={k}>
              <Table.Summary.Cell index={0} colSpan={group ? 3 : 2}>
                {t(k as 'subtotal')}
                {k === 'discount' && order.voucherCode ? `（${order.voucherCode}）` : ''}
                {k === 'discount' && order.promotions.length ? (
                  <span data-testid="order-promotions">
                    {`（${order.promotions.map((p) => `${p.name} -${money(p.discount)}`).join('、')}）`}
                  </span>
                ) : null}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={group ? 3 : 2} align="right">
                <span data-testid={`amount-${k}`}>{money(Number(v))}</span>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ))}
        </>
      )}
    />
  );
};
