import { Alert, Button, Card, Form, Grid, Input, Select, Statistic, Table, type TableProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';

/** The report pages' list sizes and URL state, with the search box's draft kept until it is sent. */
export const useReportList = <F extends string>(filterKeys: readonly F[]) => {
  const list = useUrlListState({ filterKeys, sizes: REPORT_SIZES });
  const q = (list.filters as Record<string, string>).q ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  return { list, draft, setDraft };
};
const REPORT_SIZES = [20, 50, 100] as const;

/** A count on top of a report: clicking it filters the table by it (again: clears the filter). */
export const FilterCard = (props: {
  testId: string;
  title: string;
  value: number | undefined;
  active: boolean;
  alarm?: boolean;
  onToggle: () => void;
}) => (
  <Card
    size="small"
    hoverable
    data-testid={props.testId}
    style={{ minWidth: 150, borderColor: props.active ? '#ff4d4f' : undefined }}
    onClick={props.onToggle}
  >
    <Statistic
      title={props.title}
      value={props.value ?? '—'}
      valueStyle={props.alarm && props.value ? { color: '#cf1322' } : undefined}
    />
  </Card>
);

/** The search box of a report: a shop id or part of a name. */
export const SearchInput = (props: { value: string; onChange: (v: string) => void; testId?: string }) => {
  const { t } = useTranslation('platformReports');
  return (
    <Input
      allowClear
      style={{ width: 200 }}
      placeholder={t('searchPlaceholder')}
      value={props.value}
      maxLength={40}
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testId}
    />
  );
};

/** The filter row of a report: the search box first, then the page's selects, sent with 查詢. */
export const FilterForm = (props: {
  search: { value: string; onChange: (v: string) => void; testId?: string };
  onSearch: () => void;
  /** the page's selects (FilterSelect) */
  children: ReactNode;
  /** buttons after 查詢 (reset, export) */
  actions?: ReactNode;
}) => {
  const { t } = useTranslation('platformReports');
  return (
    <Card size="small">
      <Form layout="inline" style={{ rowGap: 8 }} onFinish={props.onSearch}>
        <Form.Item label={t('search')}>
          <SearchInput {...props.search} />
        </Form.Item>
        {props.children}
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
        {props.actions}
      </Form>
    </Card>
  );
};

/** One select of a report's filter row: 全部 first, then the page's choices; a change filters at once. */
export const FilterSelect = (props: {
  label: string;
  width: number;
  value: string | undefined;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  testId?: string;
}) => {
  const { t } = useTranslation('platformReports');
  return (
    <Form.Item label={props.label}>
      <Select
        style={{ width: props.width }}
        value={props.value ?? ''}
        onChange={props.onChange}
        options={[{ value: '', label: t('all') }, ...props.options]}
        data-testid={props.testId}
      />
    </Form.Item>
  );
};

/** The report's table with its error, the URL pager and a sideways scroll on narrow screens. */
export const ReportTable = <R extends object>(
  props: TableProps<R> & {
    error: unknown;
    total: number;
    totalText: (total: number) => ReactNode;
    table: (total: number, showTotal: (total: number) => ReactNode) => object;
  },
) => {
  const errorText = useErrorText();
  const screens = Grid.useBreakpoint();
  const { error, total, totalText, table, ...rest } = props;
  return (
    <>
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} /> : null}
      <Table<R>
        size="middle"
        scroll={screens.md === false ? { x: 760 } : undefined}
        {...rest}
        {...table(total, totalText)}
      />
    </>
  );
};
