import { PlusOutlined } from '@ant-design/icons';
import {
  QR_IMAGE,
  TABLE_QR_MESSAGES,
  type TQrType,
  type TTableQr,
  type TWebVersion,
  WEB_VERSION_LABELS,
  WEB_VERSIONS,
  ZTableNumber,
} from '@shopdesk/contract';
import { Button, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberRule, zodRule } from '../../../lib/form-rules';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

export type TQrSettings = { size: number; webVersion: TWebVersion };
type TValues = { qrType: TQrType; tableNumber: string; size: number; webVersion: TWebVersion };

/**
 * spec 000 §2: eat-in or to-go, table number, image size (default 200 px) and web version, then generate.
 * The retail page creates dine-in codes from the table number alone. Size and version are lifted: the
 * downloads and the import use them too.
 */
export const QrCreateForm = ({
  retail,
  existing,
  settings,
  onSettings,
  onCreate,
  pending,
}: {
  retail: boolean;
  existing: readonly TTableQr[];
  settings: TQrSettings;
  onSettings: (s: TQrSettings) => void;
  onCreate: (item: { tableNumber: string; qrType: TQrType; webVersion: TWebVersion }) => Promise<boolean>;
  pending: boolean;
}) => {
  const { t, i18n } = useTranslation('tableQr');
  const [form] = Form.useForm<TValues>();
  const lang = i18n.language;

  const submit = async (v: TValues) => {
    const ok = await onCreate({
      tableNumber: v.tableNumber.trim(),
      qrType: retail ? 'eatIn' : v.qrType,
      webVersion: v.webVersion,
    });
    if (ok) form.resetFields(['tableNumber']);
  };

  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [submitOnce, submitting] = useOneAtATime(submit);
  return (
    <Form<TValues>
      form={form}
      layout="inline"
      initialValues={{ qrType: 'eatIn', tableNumber: '', ...settings }}
      onValuesChange={(_, all) => onSettings({ size: all.size ?? settings.size, webVersion: all.webVersion })}
      onFinish={submitOnce}
    >
      {!retail && (
        <Form.Item name="qrType" label={t('mode')}>
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio.Button value="eatIn">{t('eatIn')}</Radio.Button>
            <Radio.Button value="toGo">{t('toGo')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item
        name="tableNumber"
        label={t('tableNumber')}
        dependencies={['qrType']}
        rules={[
          zodRule(ZTableNumber, lang),
          // spec 000 §5: no duplicate in the same mode (the server refuses it too)
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              const qrType: TQrType = retail ? 'eatIn' : getFieldValue('qrType');
              const table = (value ?? '').trim();
              if (existing.some((r) => r.qrType === qrType && r.tableNumber === table))
                throw new Error(
                  lang === 'en' ? TABLE_QR_MESSAGES.duplicate.en : TABLE_QR_MESSAGES.duplicate.zh,
                );
            },
          }),
        ]}
      >
        <Input placeholder={t('tableNumberPlaceholder')} maxLength={40} style={{ width: 140 }} allowClear />
      </Form.Item>
      <Form.Item
        name="size"
        label={t('imageSize')}
        tooltip={t('imageSizeHint')}
        rules={[numberRule({ min: QR_IMAGE.minSize, max: QR_IMAGE.maxSize, integer: true }, lang)]}
      >
        <InputNumber step={50} suffix="px" style={{ width: 120 }} />
      </Form.Item>
      {!retail && (
        <Form.Item name="webVersion" label={t('webVersion')}>
          <Select
            style={{ width: 110 }}
            options={WEB_VERSIONS.map((v) => ({ value: v, label: WEB_VERSION_LABELS[v] }))}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={submitting || pending}>
          {t('generate')}
        </Button>
      </Form.Item>
    </Form>
  );
};
