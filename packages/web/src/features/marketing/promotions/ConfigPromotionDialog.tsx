import {
  CARRY_METHODS,
  DISCOUNT_TYPES,
  describePromotion,
  PROMOTION_MESSAGES as M,
  PER_ITEM_TYPES,
  PROMO_MEAL_KEYS,
  PROMO_MEAL_LABELS,
  PROMOTION_LIMITS,
  RESTRICTION_TYPES,
  type TComputeModule,
  type TFormulas,
  type TMealSetting,
  type TPromoMealKey,
  type TPromotionInputRaw,
  toRule,
  ZConfigPromotion,
} from '@shopdesk/contract';
import {
  Alert,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Tabs,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { englishFor } from '../../../lib/english-for';
import { taipeiToday } from '../../../lib/taipei-date';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { PromotionFormulaFields } from './PromotionFormulaFields';
import { presets, ymd } from './period';

type TSettings = Record<TPromoMealKey, TMealSetting>;

const blank = (checked: boolean): TMealSetting => ({
  checked,
  general: { discountType: 'percentage', amount: 10, totalUsage: null, carryMethod: 'floor' },
  usageRestrctions: { restrictionType: 'none', value: 0 },
  roleRestrictions: { userType: 'none' },
  usageLimits: { limitPerUser: null },
});
const initial = (): TSettings => ({
  all: blank(true),
  eatIn: blank(false),
  toGo: blank(false),
  delivery: blank(false),
});
const DT_LABEL = {
  fixed: 'dtFixed',
  percentage: 'dtPercentage',
  discountPerItemsAvg: 'dtAvg',
  discountPerItems5: 'dt5',
  discountPerItemsLow: 'dtLow',
} as const;
const R_LABEL = { amount: 'rAmount', qty: 'rQty', perItems: 'rPerItems', none: 'rNone' } as const;
const C_LABEL = { round: 'roundHalfUp', floor: 'roundDown', ceil: 'roundUp' } as const;

/**
 * The configuration form (spec 002 §2 screen 7, §5): four meal-type tabs (checking 'all' unchecks the
 * others and the reverse, §4), per tab the discount type, value, rounding (round, floor default, ceil),
 * usage condition, member restriction, usage total and per-customer limit, then the formulas and compute
 * modules (PromotionFormulaFields); default period today to 7 days
 * ahead (§9). The whole form is checked with the contract's schema, the one the server checks.
 */
export const ConfigPromotionDialog = ({
  open,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean;
  saving: boolean;
  onSubmit: (p: TPromotionInputRaw) => Promise<boolean>;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('promotions');
  const en = i18n.language === 'en';
  const [name, setName] = useState<string>(M.defaultName.zh);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([taipeiToday(), taipeiToday().add(7, 'day')]);
  const [settings, setSettings] = useState<TSettings>(initial);
  const [tab, setTab] = useState<TPromoMealKey>('all');
  const [error, setError] = useState<string | null>(null);
  const [formulas, setFormulas] = useState<TFormulas>({ condition: null, discount: null });
  const [modules, setModules] = useState<TComputeModule[]>([]);

  const checkedOnly = Object.fromEntries(
    PROMO_MEAL_KEYS.filter((k) => settings[k].checked).map((k) => [k, settings[k]]),
  );
  const payload: TPromotionInputRaw = {
    form: 'config',
    displayName: name,
    duration: { start: ymd(range[0]), end: ymd(range[1]) },
    settings: checkedOnly,
    formulas,
    computeModules: modules,
  };
  const parsed = ZConfigPromotion.safeParse(payload);
  const rule = parsed.success ? toRule(0, parsed.data) : null;
  const preview = rule ? describePromotion(rule, en ? 'en' : 'zh') : null;

  const patch = (key: TPromoMealKey, next: Partial<TMealSetting>) =>
    setSettings((s) => ({ ...s, [key]: { ...s[key], ...next } }));
  const check = (key: TPromoMealKey, on: boolean) =>
    setSettings((s) => {
      const next = { ...s, [key]: { ...s[key], checked: on } };
      // spec 002 §4: 'all' excludes the other meal types and the reverse
      if (on && key === 'all')
        for (const k of PROMO_MEAL_KEYS) if (k !== 'all') next[k] = { ...next[k], checked: false };
      if (on && key !== 'all') next.all = { ...next.all, checked: false };
      return next;
    });

  const reset = () => {
    setName(M.defaultName.zh);
    setSettings(initial());
    setTab('all');
    setError(null);
    setFormulas({ condition: null, discount: null });
    setModules([]);
  };
  const submit = async () => {
    if (!parsed.success) {
      const zh = parsed.error.issues[0]?.message ?? M.required.zh;
      setError(en ? (englishFor(zh) ?? zh) : zh);
      return;
    }
    setError(null);
    if (await onSubmit(payload)) {
      reset();
      onClose();
    }
  };

  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [submitOnce, submitting] = useOneAtATime(submit);
  const pane = (key: TPromoMealKey) => {
    const s = settings[key];
    const perItemType = PER_ITEM_TYPES.includes(s.general.discountType);
    return (
      <Flex vertical gap={8} data-testid={`promo-tab-${key}`}>
        <Checkbox
          checked={s.checked}
          onChange={(e) => check(key, e.target.checked)}
          data-testid={`promo-check-${key}`}
        >
          {t('apply')}
        </Checkbox>
        <Form layout="vertical" disabled={!s.checked} component="div">
          <Flex gap={12} wrap>
            <Form.Item label={t('discountType')}>
              <Select
                style={{ width: 260 }}
                value={s.general.discountType}
                options={DISCOUNT_TYPES.map((d) => ({ value: d, label: t(DT_LABEL[d]) }))}
                onChange={(discountType) =>
                  patch(key, {
                    general: { ...s.general, discountType },
                    // per-item types count groups of N items
                    ...(PER_ITEM_TYPES.includes(discountType)
                      ? {
                          usageRestrctions: {
                            restrictionType: 'perItems',
                            value: Math.max(1, s.usageRestrctions.value),
                          },
                        }
                      : {}),
                  })
                }
              />
            </Form.Item>
            <Form.Item
              label={t('amount')}
              extra={
                s.general.discountType === 'percentage'
                  ? t('amountHintPercent')
                  : perItemType
                    ? t('amountHintPerItems')
                    : undefined
              }
            >
              <InputNumber
                precision={0}
                min={1}
                max={
                  s.general.discountType === 'percentage'
                    ? PROMOTION_LIMITS.configPercentMax
                    : PROMOTION_LIMITS.valueMax
                }
                value={s.general.amount}
                onChange={(v) => patch(key, { general: { ...s.general, amount: v ?? 0 } })}
                data-testid={`promo-amount-${key}`}
              />
            </Form.Item>
            <Form.Item label={t('rounding')}>
              <Select
                style={{ width: 140 }}
                value={s.general.carryMethod}
                options={CARRY_METHODS.map((c) => ({ value: c, label: t(C_LABEL[c]) }))}
                onChange={(carryMethod) => patch(key, { general: { ...s.general, carryMethod } })}
              />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item label={t('restriction')}>
              <Select
                style={{ width: 160 }}
                value={s.usageRestrctions.restrictionType}
                options={RESTRICTION_TYPES.map((r) => ({ value: r, label: t(R_LABEL[r]) }))}
                onChange={(restrictionType) =>
                  patch(key, { usageRestrctions: { ...s.usageRestrctions, restrictionType } })
                }
              />
            </Form.Item>
            {s.usageRestrctions.restrictionType !== 'none' ? (
              <Form.Item label={t('restrictionValue')}>
                <InputNumber
                  precision={0}
                  min={0}
                  max={PROMOTION_LIMITS.valueMax}
                  value={s.usageRestrctions.value}
                  onChange={(v) => patch(key, { usageRestrctions: { ...s.usageRestrctions, value: v ?? 0 } })}
                />
              </Form.Item>
            ) : null}
          </Flex>
          <Form.Item label={t('member')}>
            <Radio.Group
              value={s.roleRestrictions.userType}
              onChange={(e) => patch(key, { roleRestrictions: { userType: e.target.value } })}
              options={[
                { value: 'none', label: t('memberNone') },
                { value: 'new', label: t('memberNew') },
              ]}
            />
          </Form.Item>
          <Flex gap={12} wrap>
            <Form.Item label={t('totalUsage')}>
              <InputNumber
                precision={0}
                min={1}
                max={PROMOTION_LIMITS.usageMax}
                placeholder={t('unlimited')}
                value={s.general.totalUsage}
                onChange={(v) => patch(key, { general: { ...s.general, totalUsage: v ?? null } })}
              />
            </Form.Item>
            <Form.Item label={t('limitPerUser')}>
              <InputNumber
                precision={0}
                min={1}
                max={PROMOTION_LIMITS.usageMax}
                placeholder={t('unlimited')}
                value={s.usageLimits.limitPerUser}
                onChange={(v) => patch(key, { usageLimits: { limitPerUser: v ?? null } })}
              />
            </Form.Item>
          </Flex>
        </Form>
      </Flex>
    );
  };

  return (
    <Modal
      open={open}
      width={720}
      title={t('configTitle')}
      onOk={submitOnce}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={submitting || saving}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="config-promotion-form">
        <Form layout="vertical" component="div">
          <Flex gap={12} wrap>
            <Form.Item label={t('name')}>
              <Input
                value={name}
                maxLength={PROMOTION_LIMITS.nameMax}
                onChange={(e) => setName(e.target.value)}
                data-testid="promo-name"
              />
            </Form.Item>
            <Form.Item label={t('period')}>
              <DatePicker.RangePicker
                allowClear={false}
                value={range}
                presets={presets(t)}
                onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])}
              />
            </Form.Item>
          </Flex>
        </Form>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as TPromoMealKey)}
          items={PROMO_MEAL_KEYS.map((k) => ({
            key: k,
            label: `${PROMO_MEAL_LABELS[k][en ? 'en' : 'zh']}${settings[k].checked ? ' ✓' : ''}`,
            children: pane(k),
          }))}
        />
        <PromotionFormulaFields
          formulas={formulas}
          modules={modules}
          rule={rule}
          onChange={(f, m) => {
            setFormulas(f);
            setModules(m);
          }}
        />
        {error ? <Alert type="error" showIcon message={error} data-testid="promo-error" /> : null}
        {preview ? (
          <Alert
            type="info"
            showIcon
            message={t('preview')}
            description={preview}
            data-testid="promo-preview"
          />
        ) : null}
      </Flex>
    </Modal>
  );
};
