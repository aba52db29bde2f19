import {
  applyPaymentLinkage,
  DINING_MODES,
  type TBusinessData,
  type TLabelPrinter,
  type TMessage,
  type TShopPageType,
} from '@shopdesk/contract';
import { Affix, Button, Card, Flex, Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useLeaveGuard } from '../shop-settings/dirty/use-leave-guard';
import { BackToList } from './BackToList';
import { AnnouncementSection, BasicSection, ChatSection } from './BasicSections';
import { BusinessFormContext, normalise, type TBusinessForm } from './business-form-context';
import { DeliverySection, DiningSection } from './DiningSections';
import { DisplaySection, PrinterSection } from './OptionSections';
import { TimeSection } from './TimeSection';
import { useShopSave } from './use-shop-save';

const PAYMENT_KEYS = [
  'isMobilePayment',
  'isLala',
  ...DINING_MODES.flatMap((m) => [m.mode, m.cash, m.pay]),
] as const;

type Props = { type: TShopPageType; id: number; data: TBusinessData; labels: TLabelPrinter | undefined };

/** The shop edit form (spec 000 §2 "Shop edit screen", fields of §3 grouped by section). */
export const ShopEditForm = ({ type, id, data, labels: savedLabels }: Props) => {
  const { t, i18n } = useTranslation('shopProfile');
  const [form] = Form.useForm<TBusinessData>();
  const loaded = useRef(data);
  const prev = useRef(data);
  const [labels, setLabels] = useState(savedLabels);
  // unsaved edits are asked about before they are left (a reload, the menu, 返回列表): the settings page's
  // question (docs/decisions/console.md "leaving unsaved work")
  const [edited, setEdited] = useState(false);
  useEffect(() => setLabels((now) => now ?? savedLabels), [savedLabels]);

  const ctx = useMemo<TBusinessForm>(() => {
    const text = (m: TMessage) => textOf(m, i18n.language);
    return {
      type,
      form,
      text,
      collect: () => normalise({ ...loaded.current, ...form.getFieldsValue(true) }, loaded.current),
    };
  }, [type, form, i18n.language]);

  // spec 000 §4 payment linkage, applied as the user toggles.
  const onValuesChange = () => {
    const next = ctx.collect();
    const { data: fixed, warning } = applyPaymentLinkage(prev.current, next);
    const corrections = PAYMENT_KEYS.filter((k) => fixed[k] !== next[k]);
    if (corrections.length) form.setFieldsValue(Object.fromEntries(corrections.map((k) => [k, fixed[k]])));
    if (warning) notify.warning(ctx.text(warning));
    prev.current = fixed;
    setEdited(JSON.stringify(ctx.collect()) !== JSON.stringify(loaded.current));
  };

  const { submit, saving, modalHolder } = useShopSave({
    type,
    id,
    form,
    collect: ctx.collect,
    text: ctx.text,
    labels: { now: labels, saved: savedLabels },
    onSaved: (saved) => {
      loaded.current = saved;
      prev.current = saved;
      form.setFieldsValue(saved);
      setEdited(false);
    },
  });
  const labelsEdited = JSON.stringify(labels ?? null) !== JSON.stringify(savedLabels ?? null);
  const leaveHolder = useLeaveGuard(edited || labelsEdited);

  return (
    <BusinessFormContext.Provider value={ctx}>
      {modalHolder}
      {leaveHolder}
      <Form
        form={form}
        layout="vertical"
        initialValues={data}
        onValuesChange={onValuesChange}
        onFinish={submit}
        scrollToFirstError
        disabled={saving}
      >
        <Flex vertical gap={16}>
          <BasicSection />
          {type === 'gaa' && <ChatSection />}
          <DiningSection />
          <DeliverySection />
          <TimeSection />
          <DisplaySection />
          <PrinterSection labels={labels} onLabels={setLabels} />
          <AnnouncementSection />
          <Affix offsetBottom={0}>
            <Card size="small" className="shop-edit-actions">
              <Flex justify="flex-end" gap={8}>
                {type !== 'line' && <BackToList type={type} historyBack={false} />}
                <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
                  {t('confirmEdit')}
                </Button>
              </Flex>
            </Card>
          </Affix>
        </Flex>
      </Form>
    </BusinessFormContext.Provider>
  );
};
