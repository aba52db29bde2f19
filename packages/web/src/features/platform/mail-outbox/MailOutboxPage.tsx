import { mailOutboxOp, REPORT_TIME_ZONE, type TOutboxMail } from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Flex, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { MailBody } from './MailBody';

const PAGE_SIZES = [15, 25, 50]; // spec 000 §9 table page sizes

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * /other/mail-outbox (gaa, hidden "other tools" menu): the e-mails the local capture kept while SMTP_URL
 * is unset, newest first, with their text and HTML parts. Page and size live in the URL.
 */
const MailOutboxPage = () => {
  const { t } = useTranslation('mail');
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const page = positive(search.get('page'), 1);
  const size = PAGE_SIZES.includes(Number(search.get('size'))) ? Number(search.get('size')) : PAGE_SIZES[0]!;
  const query = { offset: (page - 1) * size, limit: size };
  const outbox = useApiQuery(
    mailOutboxOp,
    { query },
    { queryKey: ['mail-outbox', query], placeholderData: keepPreviousData, staleTime: 0 },
  );

  return (
    <Flex vertical gap={16}>
      {outbox.data ? (
        <Alert
          type={outbox.data.mode === 'capture' ? 'info' : 'warning'}
          showIcon
          title={t(
            outbox.data.mode === 'capture'
              ? 'modeCapture'
              : outbox.data.mode === 'smtp'
                ? 'modeSmtp'
                : 'modeUnconfigured',
          )}
        />
      ) : null}
      {outbox.isError ? <Alert type="error" showIcon title={errorText(outbox.error)} /> : null}
      <Table<TOutboxMail>
        rowKey="id"
        loading={outbox.isFetching}
        dataSource={outbox.data?.mails ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 800 }}
        expandable={{ expandedRowRender: (mail) => <MailBody mail={mail} />, expandRowByClick: true }}
        pagination={{
          current: page,
          pageSize: size,
          total: outbox.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (nextPage, nextSize) => {
            // spec 000 §5: a new page size starts again at page 1.
            const next = nextSize !== size ? 1 : nextPage;
            setSearch({ page: String(next), size: String(nextSize) });
          },
        }}
        columns={[
          {
            title: t('colTime'),
            dataIndex: 'createdAt',
            width: 190,
            render: (v: string) => dayjs(v).tz(REPORT_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss'),
          },
          { title: t('colTo'), dataIndex: 'to', width: 220 },
          {
            title: t('colBcc'),
            dataIndex: 'bcc',
            width: 220,
            render: (bcc: string[]) => bcc.join(', ') || '—',
          },
          {
            title: t('colSubject'),
            dataIndex: 'subject',
            render: (s: string) => <Typography.Text strong>{s}</Typography.Text>,
          },
        ]}
      />
    </Flex>
  );
};

export default MailOutboxPage;
