import { PlusOutlined } from '@ant-design/icons';
import { ZPosPassword, ZPosUsername } from '@shopdesk/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

type TValues = { username: string; password: string };

/** The add row of the dialog: username and password, validated with the contract's rules. */
export const PosUserAddRow = ({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (v: TValues) => Promise<boolean>;
}) => {
  const { t, i18n } = useTranslation('posUsers');
  const [form] = Form.useForm<TValues>();
  const [onFinish, busy] = useOneAtATime(async (values: TValues) => {
    if (await onAdd(values)) form.resetFields();
  });
  return (
    <Form form={form} layout="inline" onFinish={onFinish} disabled={busy || pending} style={{ rowGap: 8 }}>
      <Form.Item
        name="username"
        rules={[zodRule(ZPosUsername, i18n.language)]}
        style={{ flex: 1, minWidth: 180 }}
      >
        <Input placeholder={t('usernamePlaceholder')} aria-label={t('colUsername')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[zodRule(ZPosPassword, i18n.language)]}
        style={{ flex: 1, minWidth: 180 }}
      >
        <Input.Password
          placeholder={t('passwordPlaceholder')}
          aria-label={t('colPassword')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy || pending}>
          {t('add')}
        </Button>
      </Form.Item>
    </Form>
  );
};
