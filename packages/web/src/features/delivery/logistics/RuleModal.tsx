import {
  checkDeliveryRule,
  ruleSubmitMessage,
  type TDeliveryRule,
  type TRuleDraft,
  type TRuleProblem,
} from '@shopdesk/contract';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../../lib/message-text';
import { ZoneMap } from './ZoneMap';

export const EMPTY_RULE: TRuleDraft = {
  type: 'distance',
  name: '',
  polygons: [],
  minDistanceInMeter: 0,
  maxDistanceInMeter: 3000,
  deliveryCharge: 0,
  additionalDeliveryTime: 0,
  qtyLimit: 0,
  amountLimit: 0,
};

type Props = {
  open: boolean;
  initial: TRuleDraft | null;
  version: 'v1' | 'v2';
  shopPoint: { lat: number; lng: number } | null;
  onCancel: () => void;
  onOk: (rule: TDeliveryRule) => void;
};

const NUMBER_FIELDS = ['deliveryCharge', 'additionalDeliveryTime', 'qtyLimit', 'amountLimit'] as const;

/**
 * The rule add / edit popup (spec 001 §2.4, §5): the contract's checkDeliveryRule per field, and the
 * form-level text ("Please draw the map area…" / "Please check the fields…"). Nothing is saved here: the
 * rule goes into the tab's local list until "save" (§4).
 */
export const RuleModal = ({ open, initial, version, shopPoint, onCancel, onOk }: Props) => {
  const { t, i18n } = useTranslation('logistics');
  const [draft, setDraft] = useState<TRuleDraft>(initial ?? EMPTY_RULE);
  const [problems, setProblems] = useState<TRuleProblem[]>([]);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<TRuleDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (tried) setProblems(checkDeliveryRule(next, version));
  };
  const fieldError = (field: keyof TRuleDraft) => {
    const p = problems.find((x) => x.field === field);
    return p ? { validateStatus: 'error' as const, help: textOf(p.message, i18n.language) } : {};
  };
  const submit = () => {
    const found = checkDeliveryRule(draft, version);
    setTried(true);
    setProblems(found);
    if (found.length === 0) onOk(draft as TDeliveryRule);
  };
  const formMessage = tried ? ruleSubmitMessage(problems) : null;
  const num = (v: number | string | null) => (v === null || v === '' ? null : Number(v));

  return (
    <Modal
      open={open}
      title={initial ? t('ruleTitleEdit') : t('ruleTitleAdd')}
      onCancel={onCancel}
      width={draft.type === 'map' ? 860 : 560}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={submit} data-testid="rule-ok">
          {t('save')}
        </Button>,
      ]}
    >
      <Form layout="vertical" data-testid="rule-form">
        {formMessage && (
          <Alert
            type="error"
            showIcon
            message={textOf(formMessage, i18n.language)}
            style={{ marginBottom: 12 }}
          />
        )}
        <Form.Item label={t('type')}>
          <Radio.Group
            value={draft.type}
            onChange={(e) => set({ type: e.target.value })}
            options={[
              { value: 'distance', label: t('typeDistance') },
              { value: 'map', label: t('typeMap') },
            ]}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label={t('name')} {...fieldError('name')} required={draft.type === 'map'}>
          <Input
            value={draft.name}
            maxLength={50}
            onChange={(e) => set({ name: e.target.value })}
            aria-label={t('name')}
          />
        </Form.Item>
        {draft.type === 'distance' ? (
          <Flex gap={12}>
            <Form.Item
              label={t('minDistance')}
              {...fieldError('minDistanceInMeter')}
              required
              style={{ flex: 1 }}
            >
              <InputNumber
                value={draft.minDistanceInMeter}
                onChange={(v) => set({ minDistanceInMeter: num(v) })}
                style={{ width: '100%' }}
                aria-label={t('minDistance')}
              />
            </Form.Item>
            <Form.Item
              label={t('maxDistance')}
              {...fieldError('maxDistanceInMeter')}
              required
              style={{ flex: 1 }}
            >
              <InputNumber
                value={draft.maxDistanceInMeter}
                onChange={(v) => set({ maxDistanceInMeter: num(v) })}
                style={{ width: '100%' }}
                aria-label={t('maxDistance')}
              />
            </Form.Item>
          </Flex>
        ) : (
          <Form.Item {...fieldError('polygons')}>
            <Flex justify="space-between" align="center" style={{ marginBottom: 6 }}>
              <Typography.Text type="secondary">{t('drawHint')}</Typography.Text>
              <Flex gap={8} align="center">
                <Typography.Text data-testid="polygon-count">
                  {t('polygons', { count: draft.polygons.length })}
                </Typography.Text>
              </Flex>
            </Flex>
            <ZoneMap
              zones={[]}
              center={shopPoint}
              editable={{ polygons: draft.polygons, onChange: (polygons) => set({ polygons }) }}
              height={340}
              testId="rule-map"
            />
          </Form.Item>
        )}
        <Flex gap={12} wrap>
          {NUMBER_FIELDS.filter((f) => f !== 'additionalDeliveryTime' || version === 'v2').map((f) => (
            <Form.Item
              key={f}
              label={t(f)}
              {...fieldError(f)}
              required={f === 'additionalDeliveryTime'}
              style={{ flex: '1 1 180px' }}
            >
              <InputNumber
                value={draft[f]}
                min={0}
                onChange={(v) => set({ [f]: f === 'additionalDeliveryTime' ? num(v) : (num(v) ?? 0) })}
                style={{ width: '100%' }}
                aria-label={t(f)}
              />
            </Form.Item>
          ))}
        </Flex>
      </Form>
    </Modal>
  );
};
