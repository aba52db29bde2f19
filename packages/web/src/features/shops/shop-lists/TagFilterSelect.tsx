import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { useTagSuggestions } from './shop-list-queries';

/**
 * spec 002 §2 screen 1 "shop tag (autocomplete; several selected tags appear as removable chips)":
 * suggestions come from the server (at most 5, spec 002 §9) as the operator types.
 */
export const TagFilterSelect = ({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
}) => {
  const { t } = useTranslation('shopLists');
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim());
  const suggestions = useTagSuggestions(keyword);
  const options = (suggestions.data?.tags ?? []).map((tag) => ({ value: tag.name, label: tag.name }));

  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      placeholder={t('searchTagHint')}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      onBlur={() => setText('')}
      options={options}
      notFoundContent={suggestions.isFetching ? <Spin size="small" /> : null}
      style={{ minWidth: 200 }}
      maxCount={10}
    />
  );
};
