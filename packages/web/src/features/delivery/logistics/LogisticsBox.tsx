import {
  chooseDeliveryTime,
  chooseGitDefaultVendor,
  chooseMode,
  choosePlatform,
  chooseVendor,
  chooseWallet,
  DEFAULT_VENDOR_CHOICES,
  deliveryTimeOf,
  LOGISTIC_VENDOR_NAMES,
  LOGISTIC_VERSION_NAMES,
  manualAllowed,
  showLalaSwitch,
  type TLogisticConfiguration,
  type TLogisticSettingsResponse,
  type TLogisticVendor,
  type TShopPortal,
  type TVendorSetting,
  toggleLala,
  VENDOR_CARDS,
  VENDOR_FIELDS,
} from '@shopdesk/contract';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Switch,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useSaveLogisticSettings } from './logistics-queries';

type Props = {
  type: TShopPortal;
  accountId: number;
  data: TLogisticSettingsResponse;
  setPending: (p: boolean) => void;
};
type Vendor = TVendorSetting & { hasToken?: boolean };

/**
 * The logistics box (gaa only, spec 001 §2.4): platform / self-delivery, dispatch mode and delivery time
 * tabs, wallet, default vendor, vendor cards with their settings popups. Every click goes through the
 * contract's §4 transition functions; "save" sends the result, which the server normalises and checks again.
 */
export const LogisticsBox = ({ type, accountId, data, setPending }: Props) => {
  const { t, i18n } = useTranslation('logistics');
  const en = i18n.language === 'en';
  const vendorName = (v: TLogisticVendor) => {
    const name = LOGISTIC_VENDOR_NAMES[v];
    return name ? (en ? name.en : name.zh) : v;
  };
  const saver = useSaveLogisticSettings(type, accountId);
  const { businessId: _b, ...savedConfig } = data.configurations;
  const [config, setConfig] = useState<TLogisticConfiguration>(savedConfig);
  const [vendors, setVendors] = useState<Vendor[]>(data.settings);
  const [uber, setUber] = useState(data.uberUUID ?? '');
  const [open, setOpen] = useState<string | null>(null);
  const dirty =
    JSON.stringify(config) !== JSON.stringify(savedConfig) ||
    JSON.stringify(vendors) !== JSON.stringify(data.settings) ||
    uber !== (data.uberUUID ?? '');
  useEffect(() => setPending(dirty), [dirty, setPending]);
  const version = LOGISTIC_VERSION_NAMES[config.logisticVersion];
  const versionName = en ? version.en : version.zh;

  const vendorOf = (v: string): Vendor =>
    vendors.find((x) => x.vendor === v) ?? {
      vendor: v as Vendor['vendor'],
      merchantId: '',
      accessKey: '',
      accessToken: '',
    };
  const setVendor = (next: Vendor) => setVendors([...vendors.filter((x) => x.vendor !== next.vendor), next]);

  const save = async () => {
    try {
      const saved = await saver.save({
        configurations: config,
        settings: vendors.map(({ hasToken: _h, ...v }) => v),
        uberUUID: uber || null,
      });
      const { businessId: _x, ...c } = saved.configurations;
      setConfig(c);
      setVendors(saved.settings);
      notify.success(t('settingsSaved'));
    } catch (err) {
      notify.error(`${t('saveFailed')}：${errorText(err)}`);
    }
  };

  const card = (v: string) => {
    const s = vendorOf(v);
    const ok = (VENDOR_FIELDS[v] ?? []).length === 0 || (s.accessKey && (s.accessToken || s.hasToken));
    return (
      <Card
        key={v}
        size="small"
        title={vendorName(v as TLogisticVendor)}
        style={{ width: 220 }}
        data-testid={`vendor-${v}`}
        extra={
          <Button size="small" onClick={() => setOpen(v)}>
            {t('vendorSettings')}
          </Button>
        }
      >
        {v === 'git' ? (
          <Typography.Text>
            {t('gitDefaultVendor')}：{vendorName(config.gitDefaultVendor)}
          </Typography.Text>
        ) : (
          <Tag color={ok ? 'green' : 'default'}>{ok ? t('configured') : t('notConfigured')}</Tag>
        )}
      </Card>
    );
  };
  const editing = open ? vendorOf(open) : null;

  return (
    <Card
      title={t('logisticsBox')}
      size="small"
      data-testid="logistics-box"
      extra={
        <Button type="primary" onClick={save} loading={saver.isPending} disabled={!dirty}>
          {t('saveSettings')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Tabs
          size="small"
          items={[
            {
              key: 'platform',
              label: t('platformTab'),
              children: (
                <Flex gap={16} align="center" wrap>
                  <Radio.Group
                    value={config.logisticPlatform}
                    onChange={(e) => setConfig(choosePlatform(config, e.target.value))}
                    options={[
                      { value: 'platform', label: t('platform') },
                      { value: 'selfie', label: t('selfie') },
                    ]}
                  />
                  {showLalaSwitch(config) && (
                    <Flex gap={6} align="center">
                      <Switch
                        checked={config.isLala}
                        onChange={(on) => setConfig(toggleLala(config, on))}
                        aria-label={t('isLala')}
                      />
                      {t('isLala')}
                    </Flex>
                  )}
                </Flex>
              ),
            },
            {
              key: 'mode',
              label: t('modeTab'),
              children: (
                <Radio.Group
                  value={config.logisticMode}
                  onChange={(e) => setConfig(chooseMode(config, e.target.value))}
                >
                  <Radio value="auto">{t('auto')}</Radio>
                  <Tooltip title={manualAllowed(config) ? '' : t('manualDisabled')}>
                    <Radio value="manual" disabled={!manualAllowed(config)}>
                      {t('manual')}
                    </Radio>
                  </Tooltip>
                  <Radio value="selfie">{t('selfie')}</Radio>
                </Radio.Group>
              ),
            },
            {
              key: 'time',
              label: t('timeTab'),
              children: (
                <Radio.Group
                  value={deliveryTimeOf(config)}
                  onChange={(e) => setConfig(chooseDeliveryTime(config, e.target.value))}
                  options={[
                    { value: 'estimate', label: `${t('estimate')} (v1)` },
                    { value: 'custom', label: `${t('custom')} (v2)` },
                  ]}
                />
              ),
            },
          ]}
        />
        <Flex gap={24} wrap align="center">
          <Flex gap={8} align="center">
            {t('wallet')}
            <Radio.Group
              value={config.logisticWallet}
              onChange={(e) => setConfig(chooseWallet(config, e.target.value))}
              options={[
                { value: 'public', label: t('walletPublic') },
                { value: 'private', label: t('walletPrivate') },
              ]}
            />
          </Flex>
          <Flex gap={8} align="center">
            {t('defaultVendor')}
            <Select
              style={{ width: 180 }}
              value={config.logisticDefaultVendor}
              aria-label={t('defaultVendor')}
              onChange={(v) => setConfig(chooseVendor(config, v))}
              options={[...DEFAULT_VENDOR_CHOICES, 'git' as const].map((v) => ({
                value: v,
                label: vendorName(v),
              }))}
            />
          </Flex>
          <Tag data-testid="logistic-version">{versionName}</Tag>
        </Flex>
        <Typography.Text strong>{t('vendorCards')}</Typography.Text>
        <Flex gap={12} wrap>
          {VENDOR_CARDS.map(card)}
        </Flex>
      </Flex>
      <Modal
        open={Boolean(editing)}
        title={t('vendorTitle', { vendor: open ? vendorName(open as TLogisticVendor) : '' })}
        onCancel={() => setOpen(null)}
        onOk={() => setOpen(null)}
        destroyOnHidden
      >
        {editing && (
          <Form layout="vertical">
            {editing.vendor === 'git' ? (
              <Form.Item label={t('gitDefaultVendor')}>
                <Select
                  value={config.gitDefaultVendor}
                  onChange={(v) => setConfig(chooseGitDefaultVendor(config, v))}
                  options={DEFAULT_VENDOR_CHOICES.map((v) => ({ value: v, label: vendorName(v) }))}
                />
              </Form.Item>
            ) : (
              <>
                {editing.vendor === 'global' && (
                  <Form.Item label={t('merchantId')}>
                    <Input
                      value={editing.merchantId}
                      maxLength={200}
                      onChange={(e) => setVendor({ ...editing, merchantId: e.target.value })}
                    />
                  </Form.Item>
                )}
                <Form.Item label={t('accessKey')}>
                  <Input
                    value={editing.accessKey}
                    maxLength={200}
                    onChange={(e) => setVendor({ ...editing, accessKey: e.target.value })}
                  />
                </Form.Item>
                <Form.Item label={t('accessToken')} help={editing.hasToken ? t('tokenKept') : undefined}>
                  <Input.Password
                    value={editing.accessToken.startsWith('••••') ? '' : editing.accessToken}
                    maxLength={200}
                    placeholder={editing.hasToken ? editing.accessToken : ''}
                    onChange={(e) => setVendor({ ...editing, accessToken: e.target.value })}
                  />
                </Form.Item>
                {editing.vendor === 'lala' && (
                  <Form.Item label={t('uberUUID')}>
                    <Input value={uber} maxLength={100} onChange={(e) => setUber(e.target.value)} />
                  </Form.Item>
                )}
              </>
            )}
          </Form>
        )}
      </Modal>
    </Card>
  );
};
