import {
  applyPromotions,
  COMPUTE_MODULE_LABELS,
  COMPUTE_MODULES,
  checkFormula,
  PROMO_FORMULA_MAX,
  type TComputeModule,
  type TFormulas,
  type TMealType,
  type TPromotionRule,
} from '@shopdesk/contract';
import { Checkbox, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { englishFor } from '../../../lib/english-for';

const MEAL_OF_KEY: Record<string, TMealType> = {
  all: 'to_go',
  eatIn: 'eat_in',
  toGo: 'to_go',
  delivery: 'delivery',
};

/**
 * The configuration form's formulas and compute modules (spec 002 §3; the grammar is ours:
 * contract promotion-formula.ts), and a try-out that prices a sample order with the contract's engine, the
 * one order intake and the customer app run.
 */
export const PromotionFormulaFields = ({
  formulas,
  modules,
  rule,
  onChange,
}: {
  formulas: TFormulas;
  modules: TComputeModule[];
  /** The whole promotion as the engine reads it, when the form is valid. */
  rule: TPromotionRule | null;
  onChange: (formulas: TFormulas, modules: TComputeModule[]) => void;
}) => {
  const { t, i18n } = useTranslation('promotions');
  const en = i18n.language === 'en';
  const [items, setItems] = useState(3);
  const [price, setPrice] = useState(100);
  const [orders, setOrders] = useState(0);
  const problem = (kind: 'condition' | 'discount') => {
    const text = formulas[kind]?.trim();
    const m = text ? checkFormula(text, kind, modules) : null;
    return m ? (en ? (englishFor(m.zh) ?? m.en) : m.zh) : undefined;
  };
  const mealKey = rule
    ? (Object.keys(rule.settings).find((k) => rule.settings[k as 'all']?.checked) ?? 'all')
    : 'all';
  const trial = rule
    ? applyPromotions(
        { mealType: MEAL_OF_KEY[mealKey] ?? 'to_go', items: [{ unitPrice: price, quantity: items }] },
        [rule],
        // noon of the first day, Asia/Taipei: inside the period whatever today is
        { now: new Date(`${rule.start}T04:00:00Z`), priorOrders: orders },
      )
    : null;
  const field = (kind: 'condition' | 'discount') => (
    <Form.Item
      label={t(kind === 'condition' ? 'conditionFormula' : 'discountFormula')}
      validateStatus={problem(kind) ? 'error' : undefined}
      help={problem(kind)}
      style={{ flex: '1 1 260px', marginBottom: 8 }}
    >
      <Input
        value={formulas[kind] ?? ''}
        maxLength={PROMO_FORMULA_MAX}
        placeholder={t(kind === 'condition' ? 'conditionPlaceholder' : 'discountPlaceholder')}
        onChange={(e) => onChange({ ...formulas, [kind]: e.target.value }, modules)}
        data-testid={`promo-formula-${kind}`}
        style={{ fontFamily: 'monospace' }}
      />
    </Form.Item>
  );
  return (
    <Flex vertical gap={4} data-testid="promo-formulas">
      <Typography.Text strong>{t('formulasTitle')}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('formulasHint')}
      </Typography.Text>
      <Form layout="vertical" component="div">
        <Flex gap={12} wrap>
          {field('condition')}
          {field('discount')}
        </Flex>
        <Form.Item label={t('computeModules')} style={{ marginBottom: 8 }}>
          <Checkbox.Group
            value={modules}
            onChange={(v) => onChange(formulas, v as TComputeModule[])}
            options={COMPUTE_MODULES.map((m) => ({
              value: m,
              label: `${COMPUTE_MODULE_LABELS[m][en ? 'en' : 'zh']} (${m})`,
            }))}
            data-testid="promo-modules"
          />
        </Form.Item>
      </Form>
      <Flex gap={8} wrap align="center">
        <Typography.Text>{t('trial')}</Typography.Text>
        <InputNumber
          addonBefore={t('trialItems')}
          min={1}
          max={99}
          precision={0}
          value={items}
          onChange={(v) => setItems(v ?? 1)}
          style={{ width: 130 }}
          data-testid="promo-trial-items"
        />
        <InputNumber
          addonBefore={t('trialPrice')}
          min={0}
          max={100_000}
          precision={0}
          value={price}
          onChange={(v) => setPrice(v ?? 0)}
          style={{ width: 150 }}
        />
        {modules.includes('orderTimes') ? (
          <InputNumber
            addonBefore={t('trialOrders')}
            min={0}
            max={999}
            precision={0}
            value={orders}
            onChange={(v) => setOrders(v ?? 0)}
            style={{ width: 150 }}
            data-testid="promo-trial-orders"
          />
        ) : null}
        {trial ? (
          <Typography.Text data-testid="promo-trial-result">
            {t('trialResult', { subtotal: trial.subtotal, discount: trial.discount, total: trial.total })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
};
