import { searchSettingsAccountsOp } from '@shopdesk/contract';
import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';

/**
 * The gaa search box (spec 001 §1): a remote-search selector over shop name, store-system shop id and
 * account id, debounced; Enter searches at once (a number opens that account), the X resets.
 */
export const SettingsSearch = ({ onOpen }: { onOpen: (accountId: number) => void }) => {
  const { t } = useTranslation('shopSettings');
  const [text, setText] = useState('');
  const debounced = useDebounced(text.trim(), 300);
  const [now, setNow] = useState<string | null>(null);
  const query = now ?? debounced;
  const hits = useApiQuery(
    searchSettingsAccountsOp,
    { params: { search: query } },
    { enabled: query.length > 0 },
  );

  useEffect(() => {
    if (hits.error) notify.error(t('searchFailed'));
  }, [hits.error, t]);

  const onEnter = () => {
    const typed = text.trim();
    if (!typed) return notify.warning(t('accountIdRequired'));
    if (/^\d+$/.test(typed)) return onOpen(Number(typed));
    setNow(typed);
  };

  return (
    <Form.Item label={t('searchLabel')} style={{ marginBottom: 0 }}>
      <Select
        showSearch={{
          filterOption: false,
          searchValue: text,
          onSearch: (v) => {
            setText(v);
            setNow(null);
          },
        }}
        allowClear
        value={null}
        placeholder={t('searchPlaceholder')}
        notFoundContent={null}
        loading={hits.isFetching}
        options={(query ? (hits.data ?? []) : []).map((hit) => ({ value: hit.id, label: hit.concatName }))}
        onSelect={(id) => {
          setText('');
          if (id !== null) onOpen(id);
        }}
        onClear={() => {
          setText('');
          setNow(null);
        }}
        onInputKeyDown={(e) => {
          if (e.key === 'Enter' && !(hits.data?.length && query === text.trim())) {
            e.preventDefault();
            onEnter();
          }
        }}
        style={{ width: 320, maxWidth: 'calc(100vw - 200px)' }}
        data-testid="settings-search"
      />
    </Form.Item>
  );
};
