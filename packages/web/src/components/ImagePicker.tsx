import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { type ReactNode, useState } from 'react';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * An image chosen by upload: a preview (or an empty frame), an upload / replace button and a remove button.
 * The browser refuses a wrong type or size at once (`refuse` says why); the caller's `upload` stores the file
 * and the server checks it again by content. Used by the product image and the portal logo.
 */
export const ImagePicker = ({
  preview,
  size,
  maxBytes,
  upload,
  refuse,
  onRemove,
  labels,
  children,
}: {
  /** the current image, or null for the empty frame */
  preview: ReactNode | null;
  size: number;
  maxBytes: number;
  upload: (file: File) => Promise<void>;
  refuse: (why: 'type' | 'size') => void;
  onRemove: () => void;
  labels: { upload: string; replace: string; uploading: string; remove: string };
  /** under the buttons: a hint, or more controls */
  children?: ReactNode;
}) => {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    if (!TYPES.includes(file.type)) return refuse('type');
    if (file.size > maxBytes) return refuse('size');
    setBusy(true);
    try {
      await upload(file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={16} align="center">
      {preview ?? (
        <Flex
          align="center"
          justify="center"
          style={{ width: size, height: size, borderRadius: 8, background: 'rgba(0,0,0,0.04)' }}
        >
          <PictureOutlined style={{ fontSize: size > 96 ? 28 : 24, color: 'rgba(0,0,0,0.25)' }} />
        </Flex>
      )}
      <Flex vertical gap={8} align="flex-start">
        <Upload
          accept={TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? labels.uploading : preview ? labels.replace : labels.upload}
          </Button>
        </Upload>
        {preview ? (
          <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={onRemove}>
            {labels.remove}
          </Button>
        ) : null}
        {children}
      </Flex>
    </Flex>
  );
};
