import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type TPaymentMethod,
  ZPlaceOrderRequest,
} from '@shopdesk/contract';
import { Button, Flex, Form, InputNumber, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { limitsOf, numberProblem } from '../../../lib/form-rules';
import { textOf } from '../../../lib/message-text';

/** One line of the test cart: a product of the shop's menu and how many. */
export type TCartLine = { key: number; productId: number | null; quantity: number | null };
/** The cart and payment method the panel checks, as order intake would take them. */
export type TCart = { lines: TCartLine[]; paymentMethod: TPaymentMethod | null };

/** The contract's bounds of an order line's quantity (1–99, whole). */
export const QUANTITY_LIMITS = limitsOf(ZPlaceOrderRequest.shape.items.element.shape.quantity);

/** Why the cart cannot be checked yet (a quantity out of bounds), or undefined. */
export const cartProblem = (cart: TCart, lang: string): string | undefined =>
  cart.lines.map((l) => numberProblem(l.quantity, QUANTITY_LIMITS, lang)).find(Boolean);

/** The lines with a product and a quantity, as the availability call's `items`. */
export const cartItems = (cart: TCart) =>
  cart.lines
    .filter((l) => l.productId !== null && l.quantity !== null)
    .map((l) => ({ productId: l.productId!, quantity: l.quantity!, optionIds: [] }));

let nextKey = 1;

/**
 * Products and quantities (and the payment method) for the check: with them the panel asks what order
 * intake would answer for this cart (minimums, payment mode, stock), not only whether the shop is open.
 */
export const AvailabilityCart = ({
  cart,
  onChange,
  products,
  loading,
}: {
  cart: TCart;
  onChange: (cart: TCart) => void;
  products: { value: number; label: string }[];
  loading: boolean;
}) => {
  const { t, i18n } = useTranslation('storefrontCheck');
  const setLine = (key: number, patch: Partial<TCartLine>) =>
    onChange({ ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  return (
    <Flex vertical gap={8} data-testid="availability-cart">
      <Typography.Text type="secondary">{t('cartHint')}</Typography.Text>
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={t('paymentMethod')}>
          <Segmented
            value={cart.paymentMethod ?? ''}
            onChange={(v) => onChange({ ...cart, paymentMethod: (v || null) as TPaymentMethod | null })}
            options={[
              { value: '', label: t('anyPayment') },
              ...PAYMENT_METHODS.map((m) => ({
                value: m,
                label: textOf(PAYMENT_METHOD_LABELS[m], i18n.language),
              })),
            ]}
            data-testid="availability-payment"
          />
        </Form.Item>
      </Form>
      {cart.lines.map((line, i) => {
        const problem = numberProblem(line.quantity, QUANTITY_LIMITS, i18n.language);
        return (
          <Flex key={line.key} gap={8} align="start" wrap data-testid="availability-cart-line">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 260 }}
              placeholder={t('cartProduct')}
              aria-label={`${t('cartProduct')} ${i + 1}`}
              loading={loading}
              options={products}
              value={line.productId}
              onChange={(v: number) => setLine(line.key, { productId: v })}
              data-testid="availability-cart-product"
            />
            <Form.Item
              style={{ marginBottom: 0 }}
              validateStatus={problem ? 'error' : undefined}
              help={problem}
            >
              <InputNumber
                aria-label={`${t('quantity')} ${i + 1}`}
                style={{ width: 110 }}
                prefix="×"
                value={line.quantity}
                onChange={(v) => setLine(line.key, { quantity: v })}
                data-testid="availability-cart-quantity"
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('removeLine')}
              onClick={() => onChange({ ...cart, lines: cart.lines.filter((l) => l.key !== line.key) })}
            />
          </Flex>
        );
      })}
      <div>
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            onChange({ ...cart, lines: [...cart.lines, { key: nextKey++, productId: null, quantity: 1 }] })
          }
          data-testid="availability-cart-add"
        >
          {t('addLine')}
        </Button>
      </div>
    </Flex>
  );
};
