import { PORTAL_LOGO_BYTES, PORTAL_MESSAGES } from '@shopdesk/contract';
import { Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/ImagePicker';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { uploadPortalLogo } from './portal-queries';

const SIZE = 72;

/**
 * The portal's logo as a form control: value is the logo URL, either the stored upload's path (what the
 * upload answers) or an outside https:// URL typed in.
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

  return (
    <Flex vertical gap={8}>
      <ImagePicker
        size={SIZE}
        maxBytes={PORTAL_LOGO_BYTES}
        preview={
          value ? (
            <img
              src={value}
              alt={t('logo')}
              data-testid="portal-logo-preview"
              style={{
                maxHeight: SIZE,
                maxWidth: 200,
                borderRadius: 8,
                border: '1px solid rgba(0,0,0,0.06)',
              }}
            />
          ) : null
        }
        refuse={(why) =>
          notify.error(say(why === 'type' ? PORTAL_MESSAGES.logoType : PORTAL_MESSAGES.logoSize))
        }
        upload={async (file) => {
          try {
            const res = await uploadPortalLogo(file);
            onChange?.(res.url);
            notify.success(say(PORTAL_MESSAGES.logoUploaded));
          } catch (err) {
            notify.error(errorText(err));
          }
        }}
        onRemove={() => onChange?.('')}
        labels={{
          upload: t('uploadLogo'),
          replace: t('replaceLogo'),
          uploading: t('uploading'),
          remove: t('removeLogo'),
        }}
      />
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
