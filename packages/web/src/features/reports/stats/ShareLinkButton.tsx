import { ShareAltOutlined } from '@ant-design/icons';
import { createStatsShareLinkOp, SHARE_LINK_DAYS, type TUserType } from '@shopdesk/contract';
import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';

/** Makes a signed, expiring /pub/shop-stat link of one shop (1–30 days, 7 by default) and offers to copy it. */
export const ShareLinkButton = ({ type, accountId }: { type: TUserType; accountId?: number }) => {
  const { t } = useTranslation('stats');
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS.default);
  const create = useApiMutation(createStatsShareLinkOp, { onError: (e) => notify.apiError(e) });
  const link = create.data ? `${window.location.origin}${create.data.path}` : null;
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)}>
        {t('share')}
      </Button>
      <Modal
        open={open}
        title={t('share')}
        onCancel={() => {
          setOpen(false);
          create.reset();
        }}
        okText={t('shareCreate')}
        okButtonProps={{ loading: create.isPending }}
        onOk={() => create.mutate({ params: { type }, body: { accountId, days } })}
      >
        <Form layout="vertical">
          <Form.Item label={t('shareDays')}>
            <InputNumber
              min={SHARE_LINK_DAYS.min}
              max={SHARE_LINK_DAYS.max}
              value={days}
              onChange={(v) => setDays(v ?? SHARE_LINK_DAYS.default)}
            />
          </Form.Item>
        </Form>
        {link && create.data && (
          <>
            <Typography.Paragraph
              copyable={{ text: link, onCopy: () => notify.success(t('shareCopied')) }}
              code
            >
              {link}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('shareExpires', { at: new Date(create.data.expiresAt).toLocaleString() })}
            </Typography.Text>
          </>
        )}
      </Modal>
    </>
  );
};
