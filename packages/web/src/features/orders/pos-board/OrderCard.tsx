import { PrinterOutlined } from '@ant-design/icons';
import {
  actionsFor,
  LOGISTICS_STATUS_LABELS,
  mealLabelOf,
  ORDER_ACTION_LABELS,
  ORDER_ACTIONS,
  ORDER_PAYMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_SERVICE_NAMES,
  participantGroups,
  paymentMethodLabel,
  type TBoardOrder,
  TEST_ORDER_LABEL,
  type TOrderAction,
} from '@shopdesk/contract';
import { Button, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { clock, nameIn, say } from './board-text';

const MEAL_COLOR = { eat_in: 'blue', to_go: 'gold', delivery: 'purple' } as const;
const STATUS_COLOR = {
  new: 'red',
  accepted: 'processing',
  completed: 'success',
  rejected: 'default',
  canceled: 'default',
} as const;
const LOGISTICS_COLOR: Record<string, string> = {
  matching: 'processing',
  en_route_pickup: 'cyan',
  picked_up: 'geekblue',
  delivered: 'success',
  canceled: 'default',
  overdue: 'error',
  customer_service: 'warning',
};

/**
 * One order on the board: number, meal type, table or wanted time, items with options, total and payment,
 * customer, delivery address and logistics status, and exactly the actions its status allows.
 */
export const OrderCard = ({
  order,
  busy,
  onAction,
  onReprint,
}: {
  order: TBoardOrder;
  busy: boolean;
  onAction: (order: TBoardOrder, action: TOrderAction) => void;
  onReprint: (order: TBoardOrder) => void;
}) => {
  const { t, i18n } = useTranslation('posBoard');
  const { token } = theme.useToken();
  const lang = i18n.language;
  const isNew = order.status === 'new';
  // an order paying through a service shows the service and where its payment stands
  const online = order.onlinePayment;
  const payment = online
    ? `${PAYMENT_SERVICE_NAMES[online.service]} · ${say(ORDER_PAYMENT_STATUS_LABELS[online.status], lang)}`
    : `${say(paymentMethodLabel(order.paymentMethod, order.mealType), lang)} · ${t(order.paymentStatus)}`;
  const paymentBad = online?.status === 'failed' || online?.status === 'refund_failed';
  return (
    <article
      data-testid={`order-${order.serial}`}
      data-status={order.status}
      aria-label={`#${order.serial}`}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `2px solid ${isNew ? token.colorError : token.colorBorderSecondary}`,
        boxShadow: isNew ? '0 0 0 4px rgba(255, 77, 79, 0.15)' : '0 1px 3px rgba(15, 23, 42, 0.06)',
        padding: 14,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        opacity: order.status === 'rejected' || order.status === 'canceled' ? 0.7 : 1,
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <strong style={{ fontSize: 26, lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}>
          #{order.serial}
        </strong>
        <Tag
          color={MEAL_COLOR[order.mealType]}
          style={{ fontSize: 14, padding: '2px 8px', marginInlineEnd: 0 }}
        >
          {/* spec 000 §3 isPickup: a self pick-up to-go order says 自取 */}
          <span data-testid="order-meal">{say(mealLabelOf(order.mealType, order.pickUp), lang)}</span>
        </Tag>
        <Tag color={STATUS_COLOR[order.status]} style={{ marginInlineEnd: 0 }}>
          {say(ORDER_STATUS_LABELS[order.status], lang)}
        </Tag>
        {order.isTest ? (
          // a staff test order (docs/decisions/orders.md "Go-live status and test orders"): in no report
          <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="test-order">
            {say(TEST_ORDER_LABEL, lang)}
          </Tag>
        ) : null}
        {order.lastPrint === 'failed' ? (
          <Tag
            color="error"
            icon={<PrinterOutlined />}
            style={{ marginInlineEnd: 0 }}
            data-testid="print-failed"
          >
            {t('printFailedTag')}
          </Tag>
        ) : null}
        <span style={{ marginLeft: 'auto', fontWeight: 600, fontSize: 16 }}>
          {order.tableNumber
            ? t('table', { table: order.tableNumber })
            : order.wantedAt
              ? t('wanted', { time: clock(order.wantedAt) })
              : t('asap')}
        </span>
      </header>
      <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>
        {t('ordered', { time: clock(order.createdAt) })} · {order.customerName} {order.customerPhone}
      </div>
      {/* 團購: the items under each participant's name (contract participantGroups) */}
      {participantGroups(order.items).map((g) => (
        <div key={g.participant ?? ''} data-testid={g.participant !== null ? 'item-participant' : undefined}>
          {g.participant !== null ? (
            <div style={{ fontWeight: 700, fontSize: 14, borderBottom: `1px dashed ${token.colorBorder}` }}>
              {g.participant}
            </div>
          ) : null}
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 16 }}>
            {g.items.map((item) => (
              <li key={item.id} style={{ padding: '2px 0' }}>
                <span style={{ fontWeight: 600 }}>{item.quantity} ×</span> {nameIn(item.names, lang)}
                {item.options.length > 0 ? (
                  <div style={{ color: token.colorTextSecondary, fontSize: 14, paddingLeft: 22 }}>
                    {item.options.map((o) => `+ ${nameIn(o.names, lang)}`).join('  ')}
                  </div>
                ) : null}
                {item.note ? (
                  <div data-testid="item-note" style={{ fontSize: 14, fontWeight: 600, paddingLeft: 22 }}>
                    「{item.note}」
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {order.comment ? (
        <div
          data-testid="order-comment"
          style={{
            fontSize: 14,
            background: token.colorWarningBg,
            borderRadius: token.borderRadiusSM,
            padding: '4px 8px',
          }}
        >
          {t('comment')}：{order.comment}
        </div>
      ) : null}
      {order.receipt ? (
        <div data-testid="order-receipt" style={{ fontSize: 14, fontWeight: 600 }}>
          {t('receipt')}
        </div>
      ) : null}
      {order.mealType === 'delivery' ? (
        <div style={{ fontSize: 14 }}>
          {order.deliveryAddress}
          {order.logisticsStatus ? (
            <Tag
              data-testid="logistics-status"
              color={LOGISTICS_COLOR[order.logisticsStatus]}
              style={{ marginLeft: 8 }}
            >
              {say(LOGISTICS_STATUS_LABELS[order.logisticsStatus], lang)}
            </Tag>
          ) : null}
        </div>
      ) : null}
      {order.statusReason ? (
        <div style={{ color: token.colorError, fontSize: 14 }}>
          {t('reason', { reason: order.statusReason })}
        </div>
      ) : null}
      <div
        style={{
          display: 'flex',
          alignItems: 'baseline',
          gap: 8,
          borderTop: `1px dashed ${token.colorBorder}`,
          paddingTop: 8,
        }}
      >
        <span
          data-testid="order-payment"
          style={{ color: paymentBad ? token.colorError : token.colorTextSecondary }}
        >
          {payment}
        </span>
        {order.deliveryFee > 0 ? (
          <span data-testid="order-delivery-fee" style={{ color: token.colorTextSecondary }}>
            {t('deliveryFee', { amount: order.deliveryFee })}
          </span>
        ) : null}
        {order.discount > 0 ? (
          <span style={{ color: token.colorTextSecondary }}>{t('discount', { amount: order.discount })}</span>
        ) : null}
        <strong style={{ marginLeft: 'auto', fontSize: 18 }}>
          {t('total')} NT${order.total}
        </strong>
      </div>
      <footer style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {actionsFor(order.status).map((action) => (
          <Button
            key={action}
            size="large"
            type={ORDER_ACTIONS[action].needsReason ? 'default' : 'primary'}
            danger={ORDER_ACTIONS[action].needsReason}
            loading={busy}
            onClick={() => onAction(order, action)}
            style={{ flex: ORDER_ACTIONS[action].needsReason ? '0 0 auto' : '1 1 auto', minHeight: 48 }}
          >
            {say(ORDER_ACTION_LABELS[action], lang)}
          </Button>
        ))}
        <Button
          size="large"
          icon={<PrinterOutlined />}
          danger={order.lastPrint === 'failed'}
          onClick={() => onReprint(order)}
          style={{ minHeight: 48, marginLeft: 'auto' }}
        >
          {t('reprint')}
        </Button>
      </footer>
    </article>
  );
};
