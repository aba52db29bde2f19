import { MENU_LIMITS, MENU_MESSAGES, menuImageUrl, type TUserType } from '@shopdesk/contract';
import { Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/ImagePicker';
import { notify } from '../../../lib/notify';
import { uploadMenuImage } from './menu-queries';

const SIZE = 120;

/**
 * The product image as a form control: value is the stored image name. Uploading stores the file at once
 * and previews it; the product points at it when the form is saved.
 */
export const ImageField = ({
  type,
  accountId,
  value,
  onChange,
}: {
  type: TUserType;
  accountId: number;
  value?: string | null;
  onChange?: (image: string | null) => void;
}) => {
  const { t, i18n } = useTranslation('menus');
  const say = (m: { zh: string; en: string }) => (i18n.language === 'en' ? m.en : m.zh);

  return (
    <ImagePicker
      size={SIZE}
      maxBytes={MENU_LIMITS.imageBytes}
      preview={
        value ? (
          <Image
            src={menuImageUrl(value)}
            width={SIZE}
            height={SIZE}
            style={{ objectFit: 'cover', borderRadius: 8 }}
            alt={t('image')}
          />
        ) : null
      }
      refuse={(why) => notify.error(say(why === 'type' ? MENU_MESSAGES.imageType : MENU_MESSAGES.imageSize))}
      upload={async (file) => {
        try {
          const res = await uploadMenuImage(type, accountId, file);
          onChange?.(res.image);
        } catch (err) {
          notify.apiError(err);
        }
      }}
      onRemove={() => onChange?.(null)}
      labels={{
        upload: t('uploadImage'),
        replace: t('replaceImage'),
        uploading: t('uploading'),
        remove: t('removeImage'),
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('imageHint')}
      </Typography.Text>
    </ImagePicker>
  );
};
