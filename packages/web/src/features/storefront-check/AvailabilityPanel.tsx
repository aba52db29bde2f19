import { getAvailabilityOp, getMenuOp, MEAL_TYPES, type TMealType } from '@shopdesk/contract';
import { Alert, Button, Collapse, DatePicker, Flex, Form, InputNumber, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { AvailabilityResult } from './AvailabilityResult';
import { isoToPicked, pickedToIso } from './availability-time';

type TPanelProps = { accountId: number; userType: 'gaa' | 'si' | 'eaa' };

/**
 * "Why can't customers order right now?" (issue 6): asks the storefront's availability call, which runs
 * the very checkOrder / nextAcceptedTime that order intake runs, so this panel cannot disagree with it.
 */
const AvailabilityForm = ({ accountId, userType }: TPanelProps) => {
  const { t } = useTranslation('storefrontCheck');
  const [mealType, setMealType] = useState<TMealType>('to_go');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [lat, setLat] = useState<number | null>(null);
  const [lng, setLng] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  // the console menu, not the storefront's: it lists products of an offline shop and of other meal types too
  const menu = useApiQuery(getMenuOp, { params: { type: userType, accountId } });
  const check = useApiMutation(getAvailabilityOp);

  const run = (when: Dayjs | null = at) => {
    const point = mealType === 'delivery' && lat !== null && lng !== null ? { lat, lng } : {};
    check.mutate({
      params: { accountId },
      query: {
        mealType,
        at: when ? pickedToIso(when) : undefined,
        productId: productId ?? undefined,
        ...point,
      },
    });
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
        <Form.Item>
          <Button
            type="primary"
            loading={check.isPending}
            onClick={() => run()}
            data-testid="availability-check"
          >
            {check.data ? t('recheck') : t('check')}
          </Button>
        </Form.Item>
      </Form>
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
          children: <AvailabilityForm key={props.accountId} {...props} />,
        },
      ]}
    />
  </Suspense>
);
