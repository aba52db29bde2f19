import { checkGtmValue, parseAccountIds, setShopsGtmOp } from '@shopdesk/contract';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { errorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';

type TValues = { accountIds?: string[]; gtm?: string };

/**
 * spec 002 §2 screen 12 tag-manager setter: account-id tags plus a GTM value; 'add other GTM' resets the
 * form. §5 rules (contract parseAccountIds, checkGtmValue) run in the form and again at the server; §8
 * 更新成功！ / 更新失敗！請重新嘗試。
 */
export const GtmTool = () => {
  const { t, i18n } = useTranslation('adminTools');
  const [form] = Form.useForm<TValues>();
  const put = useApiMutation(setShopsGtmOp);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const lang = i18n.language;

  const submit = async (v: TValues) => {
    const ids = parseAccountIds(v.accountIds ?? []);
    if (!ids.ok) return;
    try {
      const res = await put.mutateAsync({ body: { accountIds: ids.ids, gtm: v.gtm ?? '' } });
      form.setFieldsValue({ accountIds: res.accountIds.map(String), gtm: res.gtm });
      notify.success(t('gtmUpdated'));
      setResult({ ok: true, text: `${t('gtmUpdated')} ${res.gtm} → ${res.accountIds.join(', ')}` });
    } catch (err) {
      notify.error(t('gtmFailed'));
      setResult({ ok: false, text: `${t('gtmFailed')} ${errorText(err)}` });
    }
  };

  return (
    <Card style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('gtmHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => setResult(null)}
        requiredMark={false}
      >
        <Form.Item
          name="accountIds"
          label={t('shopsLabel')}
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                const r = parseAccountIds(value ?? []);
                if (!r.ok) throw new Error(textOf(r.error, lang));
              },
            },
          ]}
        >
          <Select
            id="gtmAccountIds"
            mode="tags"
            tokenSeparators={[',', ' ', '，']}
            open={false}
            suffixIcon={null}
            placeholder={t('shopsPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="gtm"
          label={t('gtmLabel')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const r = checkGtmValue(value);
                if (!r.ok) throw new Error(textOf(r.error, lang));
              },
            },
          ]}
        >
          <Input id="gtmValue" placeholder={t('gtmPlaceholder')} maxLength={64} style={{ width: 240 }} />
        </Form.Item>
        {result && (
          <Alert
            style={{ marginBottom: 16 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            message={result.text}
            data-testid="gtm-result"
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={put.isPending}>
            {t('gtmSubmit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setResult(null);
            }}
          >
            {t('addOther')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
};
