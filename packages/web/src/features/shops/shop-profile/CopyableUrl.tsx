import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { copyText } from '../table-qr/copy-text';

/** A link with a copy button; spec 000 §8 "Copy in the settings table and info page: 已複製 or warning 錯誤". */
export const CopyableUrl = ({ url, testId }: { url: string; testId?: string }) => {
  const { t } = useTranslation('shopProfile');
  const copy = async () => {
    if (await copyText(url)) notify.success(t('copied'));
    else notify.warning(t('copyFailed'));
  };
  return (
    <Flex align="center" gap={4} style={{ minWidth: 0 }}>
      <Typography.Link
        href={url}
        target="_blank"
        rel="noreferrer"
        data-testid={testId}
        style={{ wordBreak: 'break-all' }}
      >
        {url}
      </Typography.Link>
      <Button size="small" type="text" icon={<CopyOutlined />} onClick={copy} aria-label={t('copy')}>
        {t('copy')}
      </Button>
    </Flex>
  );
};
