import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { PORTAL_LOGO_BYTES, PORTAL_MESSAGES } from '@shopdesk/contract';
import { Button, Flex, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';
import { useMessageText } from '../../lib/message-text';
import { notify } from '../../lib/notify';
import { uploadPortalLogo } from './portal-queries';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const SIZE = 72;

/**
 * The portal's logo as a form control: value is the logo URL, either the stored upload's path (what the
 * upload answers) or an outside https:// URL typed in. The browser checks type and size for a quick answer;
 * the server checks again by content.
 */
export const PortalLogoField = ({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (url: string) => void;
}) => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!TYPES.includes(file.type)) return notify.error(say(PORTAL_MESSAGES.logoType));
    if (file.size > PORTAL_LOGO_BYTES) return notify.error(say(PORTAL_MESSAGES.logoSize));
    setBusy(true);
    try {
      const res = await uploadPortalLogo(file);
      onChange?.(res.url);
      notify.success(say(PORTAL_MESSAGES.logoUploaded));
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={16} align="center">
        {value ? (
          <img
            src={value}
            alt={t('logo')}
            data-testid="portal-logo-preview"
            style={{ maxHeight: SIZE, maxWidth: 200, borderRadius: 8, border: '1px solid rgba(0,0,0,0.06)' }}
          />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ width: SIZE, height: SIZE, borderRadius: 8, background: 'rgba(0,0,0,0.04)' }}
          >
            <PictureOutlined style={{ fontSize: 24, color: 'rgba(0,0,0,0.25)' }} />
          </Flex>
        )}
        <Flex vertical gap={6} align="flex-start">
          <Upload
            accept={TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {busy ? t('uploading') : value ? t('replaceLogo') : t('uploadLogo')}
            </Button>
          </Upload>
          {value ? (
            <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
              {t('removeLogo')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Input
        aria-label={t('logoUrl')}
        placeholder="https://…"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('logoHint')}
      </Typography.Text>
    </Flex>
  );
};
