import {
  checkAvailabilityOp,
  getAvailabilityOp,
  getMenuOp,
  landingMealType,
  MEAL_TYPES,
  type TMealType,
} from '@shopdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Collapse, DatePicker, Flex, Form, InputNumber, Segmented, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiClientError, callApi, type TResponse } from '../../../lib/api';
import { useApiQuery } from '../../../lib/api-query';
import { AvailabilityCart, cartItems, cartProblem, type TCart } from './AvailabilityCart';
import { AvailabilityResult } from './AvailabilityResult';
import { isoToPicked, pickedToIso } from './availability-time';

type TPanelProps = {
  accountId: number;
  userType: 'gaa' | 'si' | 'eaa';
  /** The shop's default_meal_type (spec 001 §2.2), once the settings are loaded. */
  defaultMealType?: string | null;
};

/**
 * "Why can't customers order right now?": asks the storefront's availability call, which runs
 * the very checkOrder / nextAcceptedTime that order intake runs, so this panel cannot disagree with it.
 * With a test cart or a payment method it asks the POST form of the call, which prices the cart
 * and runs intake's own check (minimums, payment mode, stock): the answer is the refusal intake would give.
 */
const AvailabilityForm = ({ accountId, userType, firstMeal }: TPanelProps & { firstMeal: TMealType }) => {
  const { t, i18n } = useTranslation('storefrontCheck');
  const [mealType, setMealType] = useState<TMealType>(firstMeal);
  const [at, setAt] = useState<Dayjs | null>(null);
  const [lat, setLat] = useState<number | null>(null);
  const [lng, setLng] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  // the console menu, not the storefront's: it lists products of an offline shop and of other meal types too
  const menu = useApiQuery(getMenuOp, { params: { type: userType, accountId } });
  const [cart, setCart] = useState<TCart>({ lines: [], paymentMethod: null });
  const check = useMutation<TResponse<typeof getAvailabilityOp>, ApiClientError, Dayjs | null>({
    mutationFn: (when) => {
      const point = mealType === 'delivery' && lat !== null && lng !== null ? { lat, lng } : null;
      const items = cartItems(cart);
      if (items.length || cart.paymentMethod)
        return callApi(checkAvailabilityOp, {
          params: { accountId },
          body: {
            mealType,
            at: when ? pickedToIso(when) : null,
            paymentMethod: cart.paymentMethod ?? undefined,
            items: items.length ? items : undefined,
            point,
          },
        });
      return callApi(getAvailabilityOp, {
        params: { accountId },
        query: {
          mealType,
          at: when ? pickedToIso(when) : undefined,
          productId: productId ?? undefined,
          ...(point ?? {}),
        },
      });
    },
  });
  const problem = cartProblem(cart, i18n.language);
  const withCart = cartItems(cart).length > 0;

  const run = (when: Dayjs | null = at) => {
    if (!problem) check.mutate(when);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one check when the panel opens; then on demand
  useEffect(() => run(), []);

  const products = (menu.data?.products ?? []).map((p) => ({
    value: p.id,
    label: `${p.names.zh}${p.names.en ? ` / ${p.names.en}` : ''}`,
  }));
  return (
    <Flex vertical gap={12}>
      <Alert type="info" message={t('hint')} />
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={t('mealType')}>
          <Segmented
            value={mealType}
            onChange={(v) => setMealType(v as TMealType)}
            options={MEAL_TYPES.map((m) => ({ value: m, label: t(m) }))}
            data-testid="availability-meal"
          />
        </Form.Item>
        <Form.Item label={t('at')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={at}
            onChange={setAt}
            placeholder={t('atPlaceholder')}
            data-testid="availability-at"
          />
        </Form.Item>
        {mealType === 'delivery' && (
          <>
            <Form.Item label={t('lat')} tooltip={t('pointHint')}>
              <InputNumber min={-90} max={90} step={0.001} value={lat} onChange={setLat} />
            </Form.Item>
            <Form.Item label={t('lng')} tooltip={t('pointHint')}>
              <InputNumber min={-180} max={180} step={0.001} value={lng} onChange={setLng} />
            </Form.Item>
          </>
        )}
        {!withCart && (
          <Form.Item label={t('product')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 220 }}
              placeholder={t('productPlaceholder')}
              loading={menu.isLoading}
              options={products}
              value={productId}
              onChange={(v) => setProductId(v ?? null)}
              data-testid="availability-product"
            />
          </Form.Item>
        )}
      </Form>
      <AvailabilityCart cart={cart} onChange={setCart} products={products} loading={menu.isLoading} />
      <div>
        <Button
          type="primary"
          loading={check.isPending}
          disabled={Boolean(problem)}
          onClick={() => run()}
          data-testid="availability-check"
        >
          {check.data ? t('recheck') : t('check')}
        </Button>
      </div>
      {check.error ? (
        <Alert type="error" showIcon message={t('failed')} />
      ) : (
        check.data &&
        !check.isPending && (
          <AvailabilityResult
            result={check.data}
            timed={at !== null}
            onCheckAt={(iso) => {
              const picked = isoToPicked(iso);
              setAt(picked);
              run(picked);
            }}
          />
        )
      )}
    </Flex>
  );
};

const Title = () => {
  const { t } = useTranslation('storefrontCheck');
  return <>{t('title')}</>;
};

/**
 * The form opens on the meal type customers land on (the contract's landingMealType, as the customer app:
 * the default if the shop offers it, else the first offered one; the spec's to_go when it offers none), so
 * it does not open on a mode the shop has switched off. It waits for the console menu, which names them.
 */
const AvailabilityLoader = (props: TPanelProps) => {
  const menu = useApiQuery(getMenuOp, { params: { type: props.userType, accountId: props.accountId } });
  if (!menu.data && !menu.error) return <Spin />;
  const firstMeal = landingMealType(menu.data?.shop.mealTypes ?? [], props.defaultMealType) ?? 'to_go';
  return <AvailabilityForm {...props} firstMeal={firstMeal} />;
};

/** A collapsed card above the settings tabs; its calls run only once it is opened. */
export const AvailabilityPanel = (props: TPanelProps) => (
  <Suspense fallback={null}>
    <Collapse
      style={{ marginBottom: 16 }}
      data-testid="availability-panel"
      items={[
        {
          key: 'availability',
          label: <Title />,
          children: <AvailabilityLoader key={props.accountId} {...props} />,
        },
      ]}
    />
  </Suspense>
);
