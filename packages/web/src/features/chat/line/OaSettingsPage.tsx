import {
  ACCOUNT_FIELD_LABELS,
  deleteRichMenuOp,
  getOaSettingsOp,
  NO_LINE_CHANNEL,
  saveOaSettingsOp,
  type TOaFields,
  type TShopPortal,
  updateOaOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Result,
  Row,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useSession } from '../../platform/session/session-context';
import { useRichMenus } from './line-queries';
import { OaSnapshotsCard, oaSnapshotsKey } from './OaSnapshotsCard';

const FIELDS = [
  'accountName',
  'channelId',
  'channelSecret',
  'channelAccessToken',
  'channelImageUrl',
  'channelAddFriendUrl',
  'channelBasicId',
  'menuLiffId',
  'eatInLiffId',
  'orderLiffId',
  'pickUpLiffId',
] as const;
/** What a channel cannot do without (the server checks them too). */
const REQUIRED = new Set<string>(['accountName', 'channelId', 'channelSecret', 'channelAccessToken']);
const EMPTY = { ...Object.fromEntries(FIELDS.map((f) => [f, ''])), isChatbotDisabled: false };

/** A URL with a copy button: 已複製 or 錯誤 (spec 000 §8 "Account settings"). */
const CopyUrl = ({ url }: { url: string }) => {
  const { t } = useTranslation('line');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('copied'));
    } catch {
      notify.warning(t('copyFailed'));
    }
  };
  return (
    <Flex gap={8} align="center">
      <Typography.Text code>{url}</Typography.Text>
      <Button size="small" onClick={copy}>
        {t('copy')}
      </Button>
    </Flex>
  );
};

/**
 * /{type}/business/{id}/update-oa (spec 000 §2 "Messaging-account settings screen", §5, §8): the channel
 * fields (secret and token masked: left as shown they keep the stored value), the rich-menu style, the
 * copyable webhook / info / order / menu URLs; back, update shop, save current settings (gaa), clear menu.
 */
const OaSettingsPage = () => {
  const { t } = useTranslation('line');
  const errorText = useErrorText();
  const text = useMessageText();
  const navigate = useNavigate();
  const { user } = useSession();
  const type: TShopPortal = user?.type === 'si' ? 'si' : 'gaa';
  const accountId = Number(useParams().id);
  const params = { type, accountId };
  const [search] = useSearchParams();
  const oa = useApiQuery(getOaSettingsOp, { params }, { staleTime: 0, retry: false });
  // a shop without a channel: a clear page whose form creates it
  const noChannel = oa.error instanceof ApiClientError && oa.error.code === NO_LINE_CHANNEL;
  const menus = useRichMenus(oa.data?.kind ?? (search.get('type') === 'retail' ? 'retail' : 'catering'));
  const update = useApiMutation(updateOaOp);
  const clear = useApiMutation(deleteRichMenuOp);
  const client = useQueryClient();
  const save = useApiMutation(saveOaSettingsOp, {
    onSuccess: () => client.invalidateQueries({ queryKey: oaSnapshotsKey(accountId) }),
  });
  const styleName = (fileName: string | null) =>
    (menus.data?.results ?? []).find((m) => m.fileName === fileName)?.displayName ?? fileName ?? '—';
  const [form] = Form.useForm<TOaFields & { fileName: string | null }>();

  useEffect(() => {
    if (oa.data) form.setFieldsValue(oa.data);
  }, [oa.data, form]);

  if (oa.isError && !noChannel) return <Alert type="error" showIcon title={errorText(oa.error)} />;

  const onUpdate = async (values: TOaFields & { fileName: string | null }) => {
    try {
      await update.mutateAsync({ params, body: { data: { ...EMPTY, ...oa.data, ...values } } });
      notify.success(t(noChannel ? 'channelCreated' : 'updated'));
      await oa.refetch();
    } catch (err) {
      notify.card('error', t('updateFailed'), errorText(err));
    }
  };
  const run = async (call: () => Promise<unknown>, ok: string) => {
    try {
      await call();
      notify.success(ok);
      await oa.refetch();
    } catch (err) {
      notify.card('error', t('errorTitle'), errorText(err));
    }
  };

  const d = oa.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      {noChannel && (
        <Result
          status="info"
          title={t('noChannelTitle')}
          subTitle={t('noChannelHint')}
          style={{ padding: '16px 0' }}
          extra={
            type === 'gaa' ? (
              <Button onClick={() => navigate('/gaa/business/wizard')}>{t('openWizard')}</Button>
            ) : undefined
          }
        />
      )}
      <Card title={t('oaChannel')} loading={!d && !noChannel}>
        <Form
          form={form}
          layout="vertical"
          onFinish={onUpdate}
          disabled={update.isPending}
          initialValues={EMPTY}
        >
          <Row gutter={16}>
            {FIELDS.map((f) => (
              <Col xs={24} md={12} key={f}>
                <Form.Item
                  name={f}
                  label={text(ACCOUNT_FIELD_LABELS[f])}
                  rules={
                    REQUIRED.has(f)
                      ? [
                          {
                            required: true,
                            whitespace: true,
                            message: t('requiredField', { label: text(ACCOUNT_FIELD_LABELS[f]) }),
                          },
                        ]
                      : undefined
                  }
                >
                  <Input id={`oa_${f}`} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={12}>
              <Form.Item name="isChatbotDisabled" label={t('noBot')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="fileName"
                label={t('oaStyle')}
                rules={[{ required: true, message: t('chooseStyle') }]}
              >
                <Select
                  id="oa_fileName"
                  allowClear
                  placeholder={t('oaStylePlaceholder')}
                  options={(menus.data?.results ?? []).map((m) => ({
                    value: m.fileName,
                    label: m.displayName,
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {d && (
            <Typography.Paragraph>
              {t('oaMenuState')}：
              {d.richMenuId ? (
                <Tag color={d.menuState === 'open' ? 'green' : 'default'}>
                  {t(d.menuState === 'open' ? 'oaMenuOpen' : 'oaMenuClosed')}
                </Tag>
              ) : (
                t('oaMenuNone')
              )}
            </Typography.Paragraph>
          )}
          <Flex gap={8} wrap>
            <Button onClick={() => navigate(-1)}>{t('back')}</Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t(noChannel ? 'createChannel' : 'updateShop')}
            </Button>
            {type === 'gaa' && d && (
              <Button onClick={() => run(() => save.mutateAsync({ params: { accountId } }), t('saved'))}>
                {t('saveSettings')}
              </Button>
            )}
            {d && (
              <Popconfirm
                title={t('clearConfirm')}
                onConfirm={() =>
                  run(() => clear.mutateAsync({ params, body: { data: {} } }), t('menuCleared'))
                }
              >
                <Button danger>{t('clearMenu')}</Button>
              </Popconfirm>
            )}
          </Flex>
        </Form>
      </Card>
      {type === 'gaa' && d && (
        <OaSnapshotsCard accountId={accountId} styleName={styleName} onRestored={() => oa.refetch()} />
      )}
      {d && (
        <Card title={t('oaUrls')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Webhook">
              <CopyUrl url={d.webhookUrl} />
            </Descriptions.Item>
            <Descriptions.Item label="Info">
              <CopyUrl url={d.infoUrl} />
            </Descriptions.Item>
            <Descriptions.Item label="Order">
              <CopyUrl url={d.orderUrl} />
            </Descriptions.Item>
            <Descriptions.Item label="Menu">
              <CopyUrl url={d.menuUrl} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </Flex>
  );
};

export default OaSettingsPage;
