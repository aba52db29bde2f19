import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { MENU_LIMITS, MENU_MESSAGES, menuImageUrl, type TUserType } from '@shopdesk/contract';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { uploadMenuImage } from './menu-queries';

const SIZE = 120;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The product image as a form control: value is the stored image name. Uploading stores the file at once
 * and previews it; the product points at it when the form is saved. The browser checks type and size
 * for a quick answer, the server checks again by content.
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
  const [busy, setBusy] = useState(false);
  const refuse = (m: { zh: string; en: string }) => notify.error(i18n.language === 'en' ? m.en : m.zh);

  const upload = async (file: File) => {
    if (!TYPES.includes(file.type)) return refuse(MENU_MESSAGES.imageType);
    if (file.size > MENU_LIMITS.imageBytes) return refuse(MENU_MESSAGES.imageSize);
    setBusy(true);
    try {
      const res = await uploadMenuImage(type, accountId, file);
      onChange?.(res.image);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={16} align="center">
      {value ? (
        <Image
          src={menuImageUrl(value)}
          width={SIZE}
          height={SIZE}
          style={{ objectFit: 'cover', borderRadius: 8 }}
          alt={t('image')}
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          style={{ width: SIZE, height: SIZE, borderRadius: 8, background: 'rgba(0,0,0,0.04)' }}
        >
          <PictureOutlined style={{ fontSize: 28, color: 'rgba(0,0,0,0.25)' }} />
        </Flex>
      )}
      <Flex vertical gap={8} align="flex-start">
        <Upload
          accept={TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? t('uploading') : value ? t('replaceImage') : t('uploadImage')}
          </Button>
        </Upload>
        {value && (
          <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('removeImage')}
          </Button>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('imageHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
};
