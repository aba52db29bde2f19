import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  createFormulaVersionOp,
  FORMULA_LIMITS,
  FORMULA_MESSAGES,
  TIER_MODES,
  type TPlanFormulas,
  tierProblem,
  ZFormula,
} from '@shopdesk/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Segmented, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { numberRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { EMPTY_FORMULA, fromForm, monthsFrom, type TFormulaForm, toForm } from './formula-text';
import { PerUnitFields } from './PerUnitFields';

type TTierListProps = {
  name: 'perOrderTiers' | 'percentTiers';
  upToLabel: string;
  priceLabel: string;
  /** Largest price (NT$ or %) and tier bound (orders or NT$), from the contract's FORMULA_LIMITS. */
  max: number;
  upToMax: number;
};

/** A list of tiers: the last has no upper limit (left empty); rules from the contract's tierProblem. */
const TierList = (p: TTierListProps) => {
  const { t, i18n } = useTranslation('formulas');
  const say = useMessageText();
  return (
    <Form.List name={p.name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f, k) => (
            <Space key={f.key} align="baseline" wrap>
              <Form.Item
                name={[f.name, 'upTo']}
                label={p.upToLabel}
                rules={[numberRule({ min: 1, max: p.upToMax, integer: true }, i18n.language)]}
              >
                <InputNumber
                  placeholder={t('noLimit')}
                  style={{ width: 150 }}
                  data-testid={`${p.name}-${k}-upTo`}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'price']}
                label={p.priceLabel}
                rules={[
                  { required: true, message: t('required') },
                  numberRule({ min: 0, max: p.max }, i18n.language),
                ]}
              >
                <InputNumber style={{ width: 120 }} data-testid={`${p.name}-${k}-price`} />
              </Form.Item>
              {fields.length > 1 ? (
                <MinusCircleOutlined aria-label={t('removeTier')} onClick={() => remove(f.name)} />
              ) : null}
            </Space>
          ))}
          {fields.length < FORMULA_LIMITS.tiersMax ? (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ upTo: null, price: 0 })}>
              {t('addTier')}
            </Button>
          ) : null}
          {/* the contract's tier rule, shown live as the bounds are typed (save refuses the same) */}
          <Form.Item noStyle shouldUpdate>
            {({ getFieldValue }) => {
              const tiers = (getFieldValue(p.name) ?? []) as { upTo?: number | null }[];
              const problem = tiers.length
                ? tierProblem(tiers.map((x) => ({ upTo: x?.upTo ?? null })))
                : FORMULA_MESSAGES.tiersRequired;
              return problem ? (
                <div>
                  <Typography.Text type="danger" role="alert">
                    {say(problem)}
                  </Typography.Text>
                </div>
              ) : null;
            }}
          </Form.Item>
        </>
      )}
    </Form.List>
  );
};

/** Adds a version to a plan's formula, starting from a copy of its latest one. */
export const VersionModal = (props: {
  plan: TPlanFormulas | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t, i18n } = useTranslation('formulas');
  const say = useMessageText();
  const errorText = useErrorText();
  const [form] = Form.useForm<TFormulaForm>();
  const create = useApiMutation(createFormulaVersionOp);
  const plan = props.plan;
  useEffect(() => {
    if (plan)
      form.setFieldsValue(toForm(plan.versions[0]?.formula ?? EMPTY_FORMULA, plan.earliestEffectiveFrom));
  }, [plan, form]);
  const [save, busy] = useOneAtATime(async (v: TFormulaForm) => {
    if (!plan) return;
    const formula = fromForm(v);
    const parsed = ZFormula.safeParse(formula);
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? '');
      return;
    }
    try {
      await create.mutateAsync({
        params: { planId: plan.id },
        body: { effectiveFrom: v.effectiveFrom, formula, note: v.note ?? '' },
      });
      notify.success(say(FORMULA_MESSAGES.created));
      props.onSaved();
    } catch (err) {
      notify.error(errorText(err));
    }
  });
  return (
    <Modal
      open={plan !== null}
      title={plan ? t('addVersionOf', { plan: plan.plan }) : ''}
      okText={t('save')}
      onOk={() => form.submit()}
      confirmLoading={busy || create.isPending}
      onCancel={props.onClose}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('neverRewrites')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item name="effectiveFrom" label={t('effectiveFrom')} rules={[{ required: true }]}>
          <Select
            data-testid="formula-effective-from"
            options={
              plan ? monthsFrom(plan.earliestEffectiveFrom, 12).map((d) => ({ value: d, label: d })) : []
            }
          />
        </Form.Item>
        <Form.Item
          name="fixedMonthly"
          label={t('fixedMonthlyNtd')}
          rules={[
            { required: true, message: t('required') },
            numberRule({ min: 0, max: FORMULA_LIMITS.fixedMonthlyMax / 100 }, i18n.language),
          ]}
        >
          <InputNumber style={{ width: 180 }} data-testid="formula-fixed" />
        </Form.Item>
        <Typography.Title level={5}>{t('perOrder')}</Typography.Title>
        <Form.Item name="perOrderMode">
          <Segmented options={TIER_MODES.map((m) => ({ value: m, label: t(`mode_${m}`) }))} />
        </Form.Item>
        <TierList
          name="perOrderTiers"
          upToLabel={t('ordersUpTo')}
          priceLabel={t('pricePerOrder')}
          max={FORMULA_LIMITS.perOrderMax / 100}
          upToMax={FORMULA_LIMITS.ordersUpToMax}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('percentOfSales')}
        </Typography.Title>
        <Form.Item name="percentMode">
          <Segmented options={TIER_MODES.map((m) => ({ value: m, label: t(`mode_${m}`) }))} />
        </Form.Item>
        <TierList
          name="percentTiers"
          upToLabel={t('salesUpTo')}
          priceLabel={t('ratePercent')}
          max={FORMULA_LIMITS.rateMax / 100}
          upToMax={FORMULA_LIMITS.salesUpToMax / 100}
        />
        <PerUnitFields />
        <Form.Item name="note" label={t('note')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={FORMULA_LIMITS.noteMax} showCount rows={2} data-testid="formula-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
