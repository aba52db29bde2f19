import {
  LINE_SPOT_LIMITS,
  LINE_SPOT_SIS,
  lineSpotRemoveConfirm,
  type TFoundAddress,
  type TLineSpotSi,
  ZLineSpotAddress,
  ZLineSpotName,
  ZLineSpotPhone,
} from '@shopdesk/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import {
  useDirectoryEntry,
  useFindAddress,
  useLineSpotLookup,
  useRemoveLineSpot,
  useUploadLineSpot,
} from './line-spot-queries';

type TFields = { name: string; phone: string; address: string };

/**
 * One shop in the tool (spec 000 §2): its name, phone and address to upload, the address converted through
 * the maps service, the SI, and what LINE SPOT holds for it under that SI (已上傳 / 未上傳, spec 000 §4).
 */
export const LineSpotEditor = ({
  id,
  si,
  onSi,
}: {
  id: number;
  si: TLineSpotSi;
  onSi: (si: TLineSpotSi) => void;
}) => {
  const { t, i18n } = useTranslation('lineSpot');
  const text = useMessageText();
  const errorText = useErrorText();
  const [form] = Form.useForm<TFields>();
  const [modal, holder] = Modal.useModal();
  const [converted, setConverted] = useState<TFoundAddress | null>(null);
  const [source, setSource] = useState<'original' | 'converted'>('original');
  const entry = useDirectoryEntry(id);
  const lookup = useLineSpotLookup(si, id);
  const find = useFindAddress();
  const upload = useUploadLineSpot();
  const remove = useRemoveLineSpot();
  const lang = i18n.language;
  const spot = lookup.data?.data ?? null;

  if (entry.isPending) return <Card loading />;
  if (entry.isError) return <Alert type="error" showIcon message={errorText(entry.error)} />;
  const shop = entry.data.data;

  const convert = async () => {
    try {
      const address = await form.validateFields(['address']).then((v) => v.address);
      const found = (await find.mutateAsync({ query: { address } })).data;
      setConverted(found);
      setSource('converted');
    } catch (err) {
      if (err && typeof err === 'object' && 'errorFields' in err) return;
      notify.error(errorText(err));
    }
  };

  const submit = async (v: TFields) => {
    try {
      await upload.mutateAsync({
        body: { data: { id, si, ...v, useConvertedAddress: source === 'converted' && converted !== null } },
      });
      notify.success(t('uploadDone'));
    } catch (err) {
      notify.card('error', t('uploadFailed'), errorText(err));
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: text(lineSpotRemoveConfirm(id)),
      okText: t('removeOk'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ params: { si, id } });
          notify.success(t('removed'));
        } catch (err) {
          notify.card('error', t('removeFailed'), errorText(err));
        }
      },
    });

  const state = lookup.isFetching ? (
    <Spin size="small" />
  ) : lookup.isError ? (
    <Tag color="red">{t('lookupFailed')}</Tag>
  ) : spot ? (
    <Tag color="green" data-testid="line-spot-state">
      {t('uploaded')}
    </Tag>
  ) : (
    <Tag data-testid="line-spot-state">{t('notUploaded')}</Tag>
  );

  return (
    <Card
      title={
        <Space>
          {t('editTitle')}
          <Typography.Text type="secondary">
            #{shop.id} {shop.name}
          </Typography.Text>
        </Space>
      }
      extra={state}
    >
      {holder}
      {lookup.isError && (
        <Alert type="error" showIcon message={errorText(lookup.error)} style={{ marginBottom: 16 }} />
      )}
      <Form<TFields>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        style={{ maxWidth: 760 }}
        initialValues={{ name: shop.name, phone: shop.phone, address: shop.address }}
        onValuesChange={(changed) => {
          if ('address' in changed) {
            setConverted(null);
            setSource('original');
          }
        }}
        onFinish={submit}
      >
        <Form.Item label={t('si')}>
          <Radio.Group
            aria-label={t('si')}
            optionType="button"
            value={si}
            onChange={(e) => onSi(e.target.value as TLineSpotSi)}
            options={LINE_SPOT_SIS.map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('name')} required rules={[zodRule(ZLineSpotName, lang)]}>
          <Input maxLength={LINE_SPOT_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} required rules={[zodRule(ZLineSpotPhone, lang)]}>
          <Input maxLength={LINE_SPOT_LIMITS.phone} />
        </Form.Item>
        <Form.Item label={t('address')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="address" noStyle rules={[zodRule(ZLineSpotAddress, lang)]}>
              <Input aria-label={t('address')} maxLength={LINE_SPOT_LIMITS.address} />
            </Form.Item>
            <Button onClick={convert} loading={find.isPending}>
              {t('convert')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('converted')}>
          {converted ? (
            <Typography.Text data-testid="converted-address">
              {converted.address}（{converted.lat.toFixed(6)}, {converted.lng.toFixed(6)}）
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('convertFirst')}</Typography.Text>
          )}
        </Form.Item>
        <Form.Item label={t('addressSource')}>
          <Radio.Group value={source} onChange={(e) => setSource(e.target.value)}>
            <Radio value="original">{t('original')}</Radio>
            <Radio value="converted" disabled={!converted}>
              {t('useConverted')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={upload.isPending}>
              {t('upload')}
            </Button>
            <Button danger disabled={!spot} onClick={confirmRemove} loading={remove.isPending}>
              {t('remove')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Descriptions
        data-testid="line-spot-remote"
        title={t('remoteTitle')}
        size="small"
        column={1}
        bordered
        items={
          spot
            ? [
                { key: 'si', label: t('si'), children: spot.si },
                { key: 'name', label: t('name'), children: spot.name },
                { key: 'phone', label: t('phone'), children: spot.phone },
                { key: 'address', label: t('address'), children: spot.address },
                {
                  key: 'location',
                  label: t('location'),
                  children: spot.lat !== null && spot.lng !== null ? `${spot.lat}, ${spot.lng}` : '—',
                },
                {
                  key: 'updatedAt',
                  label: t('updatedAt'),
                  children: new Date(spot.updatedAt).toLocaleString(lang),
                },
              ]
            : [{ key: 'none', label: t('si'), children: `${si}：${t('remoteNone')}` }]
        }
      />
    </Card>
  );
};
