import {
  EMAIL_MESSAGES,
  englishFor,
  sendWeeklyReportOp,
  splitEmailList,
  WEEKLY_REPORT_MESSAGES,
  ZEmailAddress,
  ZSendWeeklyReportRequest,
} from '@shopdesk/contract';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { defaultRange, rangeToUnix, type TDateRange } from './report-dates';

export type TWeeklyReportDialogProps = {
  accountId: number;
  shopName: string;
  shopEmail: string;
  open: boolean;
  onClose: () => void;
};

type TValues = { range: TDateRange; recipient: string; bccs: string };

const ZBcc = ZEmailAddress(EMAIL_MESSAGES.bccInvalid.zh);

/**
 * Send the weekly report of one shop (spec 002 §2 screen 4): a date range (previous ISO week by default),
 * exactly one recipient (the shop's e-mail by default) and comma-separated BCCs, split and trimmed (§5).
 */
export const WeeklyReportDialog = ({
  accountId,
  shopName,
  shopEmail,
  open,
  onClose,
}: TWeeklyReportDialogProps) => {
  const { t, i18n } = useTranslation('weeklyReport');
  const errorText = useErrorText();
  const [form] = Form.useForm<TValues>();
  const send = useApiMutation(sendWeeklyReportOp);
  const initialValues = useMemo(
    () => ({ range: defaultRange(), recipient: shopEmail, bccs: '' }),
    [shopEmail],
  );
  const localized = (zh: string) => (i18n.language === 'en' ? (englishFor(zh) ?? zh) : zh);

  const onFinish = async (values: TValues) => {
    const body = {
      ...rangeToUnix(values.range),
      recipient: values.recipient,
      bccs: splitEmailList(values.bccs ?? ''),
    };
    // The contract's own check (range order and length) before the call: one shape, one place.
    const parsed = ZSendWeeklyReportRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const name = issue.path[0] === 'recipient' ? 'recipient' : issue.path[0] === 'bccs' ? 'bccs' : 'range';
      form.setFields([{ name, errors: [localized(issue.message)] }]);
      return;
    }
    try {
      await send.mutateAsync({ params: { accountId }, body });
      notify.success(t('queued')); // spec 002 §8 報表稍後將寄出。
      onClose();
    } catch (err) {
      // spec 002 §8: the failure is logged; the dialog also shows it, so nobody waits for a mail that never comes.
      console.error('weekly report request failed', err);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title', { shop: shopName })}
      width={720}
      okText={t('send')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: send.isPending }}
      destroyOnHidden
    >
      {send.isError ? (
        <Alert type="error" showIcon title={errorText(send.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        disabled={send.isPending}
      >
        <Form.Item
          name="range"
          label={t('range')}
          extra={t('rangeHint')}
          rules={[{ required: true, message: localized(WEEKLY_REPORT_MESSAGES.rangeRequired.zh) }]}
        >
          <DatePicker.RangePicker allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="recipient" label={t('recipient')} rules={[zodRule(ZEmailAddress(), i18n.language)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="bccs"
          label={t('bccs')}
          extra={t('bccsHint')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                for (const address of splitEmailList(value ?? '')) {
                  const r = ZBcc.safeParse(address);
                  if (!r.success) throw new Error(`${localized(r.error.issues[0]!.message)}: ${address}`);
                }
              },
            },
          ]}
        >
          <Input placeholder="a@example.com, b@example.com" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
