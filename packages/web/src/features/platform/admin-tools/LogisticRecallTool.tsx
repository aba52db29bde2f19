import { logisticRecallOp } from '@shopdesk/contract';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';

/** spec 002 §2 screen 12 logistics recall: POST /gaa/orders/{id}/logistic-recall, then 物流請求已送出 (§8). */
export const LogisticRecallTool = () => {
  const { t } = useTranslation('adminTools');
  const recall = useApiMutation(logisticRecallOp);
  return (
    <Card style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('recallHelp')}</Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={async (v: { orderId: number }) => {
          try {
            await recall.mutateAsync({ params: { id: v.orderId } });
            notify.success(t('recallSent'));
          } catch (err) {
            notify.apiError(err);
          }
        }}
      >
        <Form.Item
          name="orderId"
          label={t('orderId')}
          rules={[{ required: true, message: t('orderIdRequired') }]}
        >
          <InputNumber
            id="recallOrderId"
            min={1}
            max={Number.MAX_SAFE_INTEGER}
            precision={0}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={recall.isPending}>
            {t('recall')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
};
