import { PlusOutlined } from '@ant-design/icons';
import { addShopTagOp, removeShopTagOp, TAG_NAME_MAX, type TGaaShopRow } from '@shopdesk/contract';
import { AutoComplete, Flex, Input, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../lib/api-query';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';
import { usePatchGaaRow } from './patch-cache';
import { useTagSuggestions } from './shop-list-queries';

/** spec 002 §2 screen 1: the name column's tag chips (removable) and its new-tag input (with suggestions). */
export const ShopTags = ({ shop }: { shop: TGaaShopRow }) => {
  const { t } = useTranslation('shopLists');
  const patch = usePatchGaaRow();
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim());
  const suggestions = useTagSuggestions(keyword);
  const onSaved = (res: { tags: string[] }) => patch(shop.id, { tags: res.tags });
  // spec 002 §8: a failed tag add shows the server's error.
  const add = useApiMutation(addShopTagOp, { onSuccess: onSaved, onError: (e) => notify.apiError(e) });
  const remove = useApiMutation(removeShopTagOp, { onSuccess: onSaved, onError: (e) => notify.apiError(e) });

  // Enter, a picked suggestion and the blur that follows all end the input: only the first one counts.
  const ended = useRef(false);
  const open = () => {
    ended.current = false;
    setAdding(true);
  };
  const submit = (name: string) => {
    if (ended.current) return;
    ended.current = true;
    const tagName = name.trim();
    setAdding(false);
    setText('');
    if (tagName) add.mutate({ params: { shopId: shop.id }, body: { tagName } });
  };

  const options =
    adding && keyword && suggestions.data
      ? suggestions.data.tags.filter((s) => !shop.tags.includes(s.name)).map((s) => ({ value: s.name }))
      : [];

  return (
    <Flex wrap gap={4} style={{ marginTop: 4 }}>
      {shop.tags.map((name) => (
        <Tag
          key={name}
          color="blue"
          closable={{ 'aria-label': t('removeTag', { name }) }}
          style={{ marginInlineEnd: 0 }}
          onClose={(e) => {
            e.preventDefault(); // the chip goes once the server agrees
            remove.mutate({ params: { shopId: shop.id }, query: { tagName: name } });
          }}
        >
          {name}
        </Tag>
      ))}
      {adding ? (
        <AutoComplete
          autoFocus
          size="small"
          style={{ width: 130 }}
          options={options}
          value={text}
          onChange={setText}
          onSelect={(value: string) => submit(value)}
          onBlur={() => submit(text)}
        >
          <Input
            size="small"
            maxLength={TAG_NAME_MAX}
            aria-label={t('newTag')}
            onPressEnter={() => submit(text)}
          />
        </AutoComplete>
      ) : (
        <Tag
          style={{ borderStyle: 'dashed', cursor: 'pointer', marginInlineEnd: 0 }}
          icon={<PlusOutlined />}
          onClick={open}
          role="button"
          aria-label={t('newTag')}
        >
          {add.isPending ? '…' : t('newTag')}
        </Tag>
      )}
    </Flex>
  );
};
