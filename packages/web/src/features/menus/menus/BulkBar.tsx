import { bulkMoveOp, bulkSoldOutOp, type TMenu, type TUserType } from '@shopdesk/contract';
import { Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useMenuWrite } from './menu-queries';
import { useNameOf } from './menu-text';

/** Bulk actions on the selected products: sold out, back on sale, move to another class. */
export const BulkBar = ({
  type,
  accountId,
  menu,
  classId,
  selected,
  onDone,
}: {
  type: TUserType;
  accountId: number;
  menu: TMenu;
  classId: number;
  selected: number[];
  onDone: () => void;
}) => {
  const { t } = useTranslation('menus');
  const nameOf = useNameOf();
  const [target, setTarget] = useState<number | null>(null);
  const soldOut = useMenuWrite(bulkSoldOutOp, type, accountId);
  const move = useMenuWrite(bulkMoveOp, type, accountId);
  const none = selected.length === 0;

  const act = async (call: () => Promise<{ products: unknown[] }>) => {
    try {
      const res = await call();
      notify.success(t('bulkDone', { count: res.products.length }));
      onDone();
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Flex gap={8} wrap align="center">
      <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text>
      <Button
        disabled={none}
        loading={soldOut.isPending}
        onClick={() => act(() => soldOut.run({ body: { productIds: selected, soldOut: true } }))}
      >
        {t('bulkSoldOut')}
      </Button>
      <Button
        disabled={none}
        loading={soldOut.isPending}
        onClick={() => act(() => soldOut.run({ body: { productIds: selected, soldOut: false } }))}
      >
        {t('bulkBack')}
      </Button>
      <Select
        aria-label={t('bulkMoveTo')}
        placeholder={t('bulkMoveTo')}
        style={{ minWidth: 160 }}
        disabled={none}
        value={target}
        onChange={setTarget}
        options={menu.classes
          .filter((c) => c.id !== classId)
          .map((c) => ({ value: c.id, label: nameOf(c.names) }))}
      />
      <Button
        disabled={none || target === null}
        loading={move.isPending}
        onClick={() =>
          act(async () => {
            const res = await move.run({ body: { productIds: selected, classId: target! } });
            setTarget(null);
            return res;
          })
        }
      >
        {t('bulkMove')}
      </Button>
    </Flex>
  );
};
