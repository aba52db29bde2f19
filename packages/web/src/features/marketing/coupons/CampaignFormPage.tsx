import {
  CARRY_METHODS,
  COUPON_LIMITS,
  COUPON_MESSAGES,
  DISCOUNT_TYPES,
  RESTRICTION_TYPES,
  type TCampaign,
  type TCampaignInput,
} from '@shopdesk/contract';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Skeleton,
  Space,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { taipeiToday, taipeiTodayYmd } from '../../../lib/taipei-date';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { CampaignMissing } from './CampaignMissing';
import { CampaignProgress, CampaignStatus } from './CampaignProgress';
import { routeId, useCouponMutations, useListedCampaign } from './coupon-queries';
import { VoucherTable } from './VoucherTable';

type TForm = Required<Omit<TCampaignInput, 'discount'>> & { discount: Required<TCampaignInput['discount']> };

const toForm = (c: TCampaign): TForm => ({
  name: c.name,
  duration: { start: c.start, end: c.end },
  discount: c.discount,
  perCustomerLimit: c.perCustomerLimit,
  totalCount: c.totalCount,
  audienceDays: c.audienceDays,
});
const today = () => taipeiTodayYmd();

/**
 * /send-coupons/new and /send-coupons/{groupId}/edit (si): the campaign's terms while it is a draft,
 * its Send button, then (read-only) its sending progress and its vouchers.
 */
const CampaignFormPage = () => {
  const { t } = useTranslation('coupons');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const raw = useParams().groupId;
  const editing = raw !== undefined;
  const groupId = routeId(raw);
  const campaign = useListedCampaign(groupId);
  const { create, update, send } = useCouponMutations();
  const [form] = Form.useForm<TForm>();
  const c = campaign.campaign;
  const locked = Boolean(c && c.status !== 'draft');
  const discountType = Form.useWatch(['discount', 'discountType'], form);

  useEffect(() => {
    if (c) form.setFieldsValue(toForm(c));
  }, [c, form]);

  const save = async (v: TForm) => {
    try {
      if (editing) {
        await update.mutateAsync({ params: { groupId }, body: v });
        notify.success(say(COUPON_MESSAGES.saved));
      } else {
        const r = await create.mutateAsync({ body: v });
        notify.success(say(COUPON_MESSAGES.created));
        navigate(`/send-coupons/${r.campaign.id}/add-shops`);
      }
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const doSend = async () => {
    try {
      await send.mutateAsync({ params: { groupId } });
      notify.success(say(COUPON_MESSAGES.sending));
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [saveOnce, saving] = useOneAtATime((v: TForm) => save(v));
  if (editing && campaign.missing) return <CampaignMissing id={raw} />;
  if (editing && campaign.isError)
    return <Alert type="error" showIcon role="alert" title={errorText(campaign.error)} />;
  if (editing && !c) return <Skeleton active />;
  const options = (keys: readonly string[], group: string) =>
    keys.map((k) => ({ value: k, label: t(`${group}.${k}` as 'statuses.draft') }));
  return (
    <Flex vertical gap={16}>
      {c ? (
        <Card size="small">
          <Flex gap={24} align="center" wrap>
            <Space>
              <CampaignStatus c={c} />
              <Link to={`/send-coupons/${c.id}/shops`}>{t('shopCount', { count: c.shopCount })}</Link>
              {c.status === 'draft' ? (
                <Link to={`/send-coupons/${c.id}/add-shops`}>{t('addShops')}</Link>
              ) : null}
            </Space>
            <div style={{ minWidth: 260 }}>
              <CampaignProgress c={c} />
            </div>
            {c.status === 'draft' ? (
              <Popconfirm
                title={t('sendConfirm', { name: c.name, count: c.shopCount })}
                okText={t('yes')}
                cancelText={t('no')}
                onConfirm={doSend}
              >
                <Button type="primary" loading={send.isPending} disabled={c.shopCount === 0}>
                  {t('send')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      {locked ? <Alert type="info" showIcon title={t('readOnly')} /> : null}
      <Card style={{ maxWidth: 760 }}>
        <Form<TForm>
          form={form}
          layout="vertical"
          onFinish={saveOnce}
          disabled={locked}
          initialValues={{
            name: '',
            duration: { start: today(), end: taipeiToday().add(30, 'day').format('YYYY-MM-DD') },
            discount: {
              discountType: 'fixed',
              amount: 50,
              carryMethod: 'floor',
              restrictionType: 'none',
              restrictionValue: 0,
            },
            perCustomerLimit: 1,
            totalCount: 500,
            audienceDays: 90,
          }}
        >
          <Form.Item name="name" label={t('name')} rules={[{ required: true }]}>
            <Input maxLength={COUPON_LIMITS.nameMax} showCount />
          </Form.Item>
          <Space wrap>
            <Form.Item name={['duration', 'start']} label={t('start')} rules={[{ required: true }]}>
              <Input type="date" />
            </Form.Item>
            <Form.Item name={['duration', 'end']} label={t('end')} rules={[{ required: true }]}>
              <Input type="date" />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name={['discount', 'discountType']} label={t('discountType')}>
              <Select style={{ width: 260 }} options={options(DISCOUNT_TYPES, 'discountTypes')} />
            </Form.Item>
            <Form.Item name={['discount', 'amount']} label={t('amount')} extra={t('amountHelp')}>
              <InputNumber min={1} precision={0} />
            </Form.Item>
            {discountType === 'percentage' || discountType === 'discountPerItemsAvg' ? (
              <Form.Item name={['discount', 'carryMethod']} label={t('carryMethod')}>
                <Select style={{ width: 140 }} options={options(CARRY_METHODS, 'carryMethods')} />
              </Form.Item>
            ) : null}
          </Space>
          <Space wrap>
            <Form.Item name={['discount', 'restrictionType']} label={t('restrictionType')}>
              <Select style={{ width: 160 }} options={options(RESTRICTION_TYPES, 'restrictionTypes')} />
            </Form.Item>
            <Form.Item name={['discount', 'restrictionValue']} label={t('restrictionValue')}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="perCustomerLimit" label={t('perCustomerLimit')}>
              <InputNumber min={1} max={COUPON_LIMITS.perCustomerMax} precision={0} />
            </Form.Item>
            <Form.Item name="totalCount" label={t('totalCount')}>
              <InputNumber min={1} max={COUPON_LIMITS.totalMax} precision={0} />
            </Form.Item>
            <Form.Item name="audienceDays" label={t('audienceDays')}>
              <InputNumber min={1} max={COUPON_LIMITS.audienceDaysMax} precision={0} />
            </Form.Item>
          </Space>
          <Flex gap={8}>
            {locked ? null : (
              <Button
                type="primary"
                htmlType="submit"
                loading={saving || create.isPending || update.isPending}
              >
                {t('save')}
              </Button>
            )}
            <Button disabled={false} onClick={() => navigate('/send-coupons')}>
              {t('back')}
            </Button>
          </Flex>
        </Form>
      </Card>
      {c && c.status !== 'draft' ? <VoucherTable campaign={c} /> : null}
    </Flex>
  );
};

export default CampaignFormPage;
