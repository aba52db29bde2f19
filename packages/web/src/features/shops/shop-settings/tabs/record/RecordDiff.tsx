import { NOTICE_KEYS, noticeFromStored, type TAuditRow, type TRichText } from '@shopdesk/contract';
import { Col, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

const isRichText = (v: unknown): v is TRichText =>
  !!v && typeof v === 'object' && Array.isArray((v as { ops?: unknown }).ops);

/** A value as text: switches as on/off, notices with their line breaks, the announcement as plain text. */
const useShow = () => {
  const { t } = useTranslation('shopSettings');
  return (row: TAuditRow, v: unknown): string => {
    if (v === null || v === undefined || v === '') return t('empty');
    if (typeof v === 'boolean') return v ? t('on') : t('off');
    if (typeof v === 'string')
      return (NOTICE_KEYS as readonly string[]).includes(row.targetKey ?? '') ? noticeFromStored(v) : v;
    if (isRichText(v)) return v.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
    return JSON.stringify(v, null, 2);
  };
};

/** The expanded row (spec 001 §2.8): the value before and after the change, side by side. */
export const RecordDiff = ({ row }: { row: TAuditRow }) => {
  const { t } = useTranslation('shopSettings');
  const { token } = theme.useToken();
  const show = useShow();
  const box = (title: string, value: unknown, bg: string, testId: string) => (
    <Col xs={24} md={12}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <pre
        data-testid={testId}
        style={{
          background: bg,
          borderRadius: token.borderRadius,
          padding: 8,
          margin: '4px 0 0',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontFamily: 'inherit',
        }}
      >
        {show(row, value)}
      </pre>
    </Col>
  );
  return (
    <Row gutter={16}>
      {box(t('oldValue'), row.oldValue, token.colorErrorBg, 'diff-old')}
      {box(t('newValue'), row.newValue, token.colorSuccessBg, 'diff-new')}
      {row.revertOf !== null && (
        <Col span={24} style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('revertOf', { id: row.revertOf })}</Typography.Text>
        </Col>
      )}
    </Row>
  );
};
