import { SendOutlined } from '@ant-design/icons';
import { ZEmailAddress } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Form, Input, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSession } from '../session/session-context';
import { useSendShopInfo, useShopInfoPreview } from './account-email-queries';
import { ShopInfoCard } from './ShopInfoCard';

const toShopId = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /account-email?shop_id&shop_name (spec 000 §2, 002 §2): shows the shop's info and sends it by e-mail to
 * one recipient, the shop's own e-mail by default. gaa and si only (routes.tsv).
 */
const AccountEmailPage = () => {
  const { t, i18n } = useTranslation('mail');
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const shopId = toShopId(search.get('shop_id'));
  const { user } = useSession();
  const type = user?.type === 'si' ? 'si' : 'gaa';
  const preview = useShopInfoPreview(type, shopId);
  const send = useSendShopInfo();
  const shopName = search.get('shop_name') ?? '';

  if (shopId === null)
    return <Result status="warning" title={t('missingShop')} subTitle={t('missingShopHint')} />;
  if (preview.isError) return <Alert type="error" showIcon title={errorText(preview.error)} />;
  if (!preview.data)
    return (
      <Card title={shopName || t('shopInfo')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  const onFinish = async ({ recipient }: { recipient: string }) => {
    try {
      await send.mutateAsync({ params: { type, accountId: shopId }, body: { recipient } });
      notify.success(t('sent'));
    } catch (err) {
      notify.card('error', t('sendFailed'), errorText(err));
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <ShopInfoCard shop={preview.data.shop} />
      <Card
        title={t('sendTitle')}
        extra={<Link to="/si-email-template?kind=shopInfo">{t('editTemplate')}</Link>}
      >
        <Form
          layout="inline"
          initialValues={{ recipient: preview.data.shop.email }}
          onFinish={onFinish}
          disabled={send.isPending}
          style={{ rowGap: 8 }}
        >
          <Form.Item
            name="recipient"
            label={t('recipient')}
            rules={[zodRule(ZEmailAddress(), i18n.language)]}
            style={{ flex: 1, minWidth: 260 }}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
              {t('send')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </Flex>
  );
};

export default AccountEmailPage;
