import type { TOutboxMail } from '@shopdesk/contract';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Both parts of a captured mail side by side. The HTML part is shown in a sandboxed frame without
 * scripts, so a shop name with markup in a mail cannot run in the console.
 */
export const MailBody = ({ mail }: { mail: TOutboxMail }) => {
  const { t } = useTranslation('mail');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Typography.Title level={5}>{t('textPart')}</Typography.Title>
        <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 13 }}>{mail.text}</pre>
      </Col>
      <Col xs={24} lg={14}>
        <Typography.Title level={5}>{t('htmlPart')}</Typography.Title>
        <iframe
          title={`${t('htmlPart')} #${mail.id}`}
          sandbox=""
          srcDoc={mail.html}
          style={{
            width: '100%',
            height: 360,
            border: '1px solid #f0f0f0',
            borderRadius: 6,
            background: '#fff',
          }}
        />
      </Col>
    </Row>
  );
};
