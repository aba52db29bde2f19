import { unbindLineModuleOp } from '@shopdesk/contract';
import { Button, Card, Form, InputNumber, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';

/**
 * /other/line-module (spec 000 §2 "Line module console", §8 Unbind): enter an accountId and unbind its LINE
 * channel (rich menus deleted at LINE, managers and groups unbound). gaa only.
 */
const LineModulePage = () => {
  const { t } = useTranslation('line');
  const errorText = useErrorText();
  const [form] = Form.useForm<{ accountId: number }>();
  const [id, setId] = useState<number | null>(null);
  const unbind = useApiMutation(unbindLineModuleOp);

  const onConfirm = async () => {
    if (!id) return;
    try {
      await unbind.mutateAsync({ params: { id } });
      notify.success(t('unbound'));
    } catch (err) {
      notify.card('error', t('unbindFailed'), errorText(err));
    }
  };

  return (
    <Card style={{ maxWidth: 640 }}>
      <Form form={form} layout="inline" onFinish={(v) => setId(v.accountId)}>
        <Form.Item
          name="accountId"
          label={t('accountId')}
          rules={[{ required: true, message: t('accountIdRequired') }]}
        >
          <InputNumber id="accountId" min={1} max={2_147_483_647} precision={0} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Popconfirm
            title={t('unbindConfirm', { id: form.getFieldValue('accountId') ?? '' })}
            open={id !== null}
            onConfirm={async () => {
              await onConfirm();
              setId(null);
            }}
            onCancel={() => setId(null)}
          >
            <Button danger type="primary" htmlType="submit" loading={unbind.isPending}>
              {t('unbind')}
            </Button>
          </Popconfirm>
        </Form.Item>
      </Form>
    </Card>
  );
};

export default LineModulePage;
