import {
  PORTAL_KEY_MAX,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  type TPortalInput,
  ZPortalInput,
} from '@shopdesk/contract';
import {
  Alert,
  Button,
  Card,
  ColorPicker,
  Flex,
  Form,
  Input,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { PortalLogoField } from './PortalLogoField';
import { PortalNotFound, portalMissing } from './PortalNotFound';
import { publicPortalUrl, usePortal, usePortalMutations } from './portal-queries';

type TForm = Required<Omit<TPortalInput, 'primaryColor' | 'accentColor'>> & {
  primaryColor: string | { toHexString: () => string };
  accentColor: string | { toHexString: () => string };
};
const hex = (c: TForm['primaryColor']) => (typeof c === 'string' ? c : c.toHexString());
const field = (name: keyof typeof ZPortalInput.shape) => ZPortalInput.shape[name];

/** /portals/new and /portals/{portalKey}/edit (gaa): the portal's key (new only), name, logo, colours. */
const PortalFormPage = () => {
  const { t, i18n } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { portalKey } = useParams();
  const editing = portalKey !== undefined;
  // /portals/new asks nothing: it is an empty form
  const portal = usePortal(portalKey ?? '', editing);
  const { create, update } = usePortalMutations();
  const [form] = Form.useForm<TForm>();
  const lang = i18n.language;

  useEffect(() => {
    if (portal.data) form.setFieldsValue(portal.data.portal);
  }, [portal.data, form]);

  const save = async (v: TForm) => {
    const body = { ...v, primaryColor: hex(v.primaryColor), accentColor: hex(v.accentColor) };
    try {
      if (editing) {
        const { key: _key, ...rest } = body;
        await update.mutateAsync({ params: { portalKey: portal.data?.portal.key ?? portalKey }, body: rest });
        notify.success(say(PORTAL_MESSAGES.saved));
        navigate('/portals');
      } else {
        const r = await create.mutateAsync({ body });
        notify.success(say(PORTAL_MESSAGES.created));
        navigate(`/portals/${r.portal.key}/add-shops`);
      }
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  if (editing && portal.isError && portalMissing(portal.error))
    return <PortalNotFound portalKey={portalKey} />;
  if (editing && portal.isError)
    return <Alert type="error" showIcon role="alert" title={errorText(portal.error)} />;
  if (editing && !portal.data) return <Skeleton active />;
  return (
    <Card style={{ maxWidth: 760 }}>
      <Form<TForm>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          key: '',
          name: '',
          logoUrl: '',
          description: '',
          primaryColor: '#1677ff',
          accentColor: '#fa8c16',
          published: true,
        }}
      >
        <Form.Item
          name="key"
          label={t('key')}
          extra={editing ? publicPortalUrl(portal.data?.portal.key ?? portalKey) : t('keyHelp')}
          rules={editing ? [] : [{ required: true }, zodRule(field('key'), lang)]}
        >
          <Input maxLength={PORTAL_KEY_MAX} disabled={editing} addonBefore="/p/" placeholder="taipei-eats" />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={[{ required: true }, zodRule(field('name'), lang)]}>
          <Input maxLength={PORTAL_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item name="logoUrl" label={t('logo')} rules={[zodRule(field('logoUrl'), lang)]}>
          <PortalLogoField />
        </Form.Item>
        <Typography.Text>{t('colours')}</Typography.Text>
        <Space size="large" style={{ margin: '8px 0 16px' }}>
          <Form.Item name="primaryColor" label={t('primaryColor')} noStyle>
            <ColorPicker showText disabledAlpha />
          </Form.Item>
          <Form.Item name="accentColor" label={t('accentColor')} noStyle>
            <ColorPicker showText disabledAlpha />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={t('description')} rules={[zodRule(field('description'), lang)]}>
          <Input.TextArea rows={4} maxLength={PORTAL_LIMITS.description} showCount />
        </Form.Item>
        <Form.Item name="published" label={t('published')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {t('save')}
          </Button>
          <Button onClick={() => navigate('/portals')}>{t('back')}</Button>
        </Flex>
      </Form>
    </Card>
  );
};

export default PortalFormPage;
