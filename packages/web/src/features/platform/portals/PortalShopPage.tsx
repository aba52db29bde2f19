import { PORTAL_LIMITS, PORTAL_MESSAGES, type TPortalShopInput } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Skeleton, Switch, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { PortalHeader } from './PortalHeader';
import { PortalNotFound, portalMissing } from './PortalNotFound';
import { usePortal, usePortalMutations, usePortalShop } from './portal-queries';

/** /portals/{portalKey}/shops/{shopId} (gaa): one shop's entry: display order, label, visible. */
const PortalShopPage = () => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const params = useParams();
  const portalKey = params.portalKey!;
  const shopId = Number(params.shopId);
  const portalQuery = usePortal(portalKey);
  const entry = usePortalShop(portalKey, shopId);
  const { updateShop } = usePortalMutations();
  const [form] = Form.useForm<Required<TPortalShopInput>>();

  useEffect(() => {
    if (entry.data) form.setFieldsValue(entry.data.shop);
  }, [entry.data, form]);

  const save = async (body: Required<TPortalShopInput>) => {
    try {
      await updateShop.mutateAsync({ params: { portalKey, shopId }, body });
      notify.success(say(PORTAL_MESSAGES.saved));
      navigate(`/portals/${portalKey}/shops`);
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  if (portalMissing(portalQuery.error)) return <PortalNotFound portalKey={portalKey} />;
  if (entry.isError) return <Alert type="error" showIcon role="alert" title={errorText(entry.error)} />;
  if (!entry.data) return <Skeleton active />;
  const { shop, portal } = entry.data;
  return (
    <Flex vertical gap={16}>
      <PortalHeader portalKey={portalKey} />
      <Card
        style={{ maxWidth: 640 }}
        title={t('entryOf', { shop: shop.name, portal: portal.name })}
        extra={shop.online ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('closed')}</Tag>}
      >
        <Typography.Paragraph type="secondary">
          {t('shopId')} #{shop.shopId} ·{' '}
          <Typography.Link href={`/shop/${shop.shopId}`} target="_blank">
            /shop/{shop.shopId}
          </Typography.Link>
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item name="label" label={t('label')} extra={t('labelHelp')}>
            <Input maxLength={PORTAL_LIMITS.label} showCount placeholder={shop.name} />
          </Form.Item>
          <Form.Item name="displayOrder" label={t('displayOrder')} rules={[{ required: true }]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="visible" label={t('visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={updateShop.isPending}>
              {t('save')}
            </Button>
            <Button onClick={() => navigate(`/portals/${portalKey}/shops`)}>{t('back')}</Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
};

export default PortalShopPage;
