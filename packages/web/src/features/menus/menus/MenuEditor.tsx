import type { TMenu, TShopKind, TUserType } from '@shopdesk/contract';
import { Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpin } from '../../../components/CenteredSpin';
import { useShopKind } from '../../../shell/variant';
import { useSession } from '../../platform/session/session-context';
import { ShopLoadState } from '../../shops/shop-profile/ShopLoadState';
import { ClassPanel } from './ClassPanel';
import { useMenu, useMenuShops } from './menu-queries';
import { useMenuUrlState } from './menu-url-state';
import { ProductDrawer, type TDrawerState } from './ProductDrawer';
import { ProductTable } from './ProductTable';
import { ShopBar } from './ShopBar';
import { ShopPicker } from './ShopPicker';

type TShopMenuProps = { type: TUserType; kind: TShopKind; menu: TMenu; sortable: boolean };

/** One shop's menu: classes on the left, the selected class's products on the right, the product drawer. */
const ShopMenu = ({ type, kind, menu, sortable }: TShopMenuProps) => {
  const { t } = useTranslation('menus');
  const url = useMenuUrlState();
  const [drawer, setDrawer] = useState<TDrawerState>(null);
  const accountId = menu.shop.accountId;
  // The class in the URL while it exists, else the first one.
  const classId = menu.classes.some((c) => c.id === url.classId)
    ? url.classId
    : (menu.classes[0]?.id ?? null);

  return (
    <Flex vertical gap={16}>
      <ShopBar type={type} kind={kind} shop={menu.shop} showName={type === 'line'} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <ClassPanel
            type={type}
            accountId={accountId}
            menu={menu}
            selected={classId}
            onSelect={(id) => url.setClass(id, true)}
            sortable={sortable}
          />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          {classId === null ? (
            <Empty description={t('noClasses')} />
          ) : (
            // Keyed by class: a selection belongs to the class it was made in.
            <ProductTable
              key={classId}
              type={type}
              accountId={accountId}
              menu={menu}
              classId={classId}
              sortable={sortable}
              onAdd={() => setDrawer({ mode: 'new', classId })}
              onEdit={(productId) => setDrawer({ mode: 'edit', productId })}
            />
          )}
        </Col>
      </Row>
      <ProductDrawer type={type} accountId={accountId} menu={menu} state={drawer} onState={setDrawer} />
    </Flex>
  );
};

/**
 * The menu editor of /menu-management and /newmenu-management: a shop picker scoped by role
 * (a line user's one shop opens by itself), then the shop's menu. `sortable` turns on drag-and-drop.
 */
export const MenuEditor = ({ sortable }: { sortable: boolean }) => {
  const { t } = useTranslation('menus');
  const type = useSession().user?.type ?? 'eaa';
  const kind = useShopKind();
  const url = useMenuUrlState();
  const mine = useMenuShops(type, '', kind);
  const menu = useMenu(type, url.shopId);
  // One shop (always so for line users) opens without asking; a store owner's first shop too.
  const only = mine.data?.total === 1 || type === 'eaa' ? mine.data?.rows[0] : undefined;

  useEffect(() => {
    if (url.shopId === null && only) url.setShop(only.accountId, true);
  }, [url, only]);

  const body = () => {
    if (url.shopId === null)
      return mine.isPending || only ? (
        <CenteredSpin />
      ) : (
        <Empty description={mine.data?.total === 0 ? t('noShops') : t('pickShop')} />
      );
    if (!menu.data) return <ShopLoadState error={menu.error} retry={() => void menu.refetch()} />;
    return <ShopMenu key={url.shopId} type={type} kind={kind} menu={menu.data} sortable={sortable} />;
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        {type !== 'line' && (
          <ShopPicker
            type={type}
            kind={kind}
            value={url.shopId}
            valueLabel={menu.data ? `${menu.data.shop.name}（#${menu.data.shop.accountId}）` : undefined}
            onChange={(id) => url.setShop(id)}
          />
        )}
        {sortable && (
          <>
            <Tag color="purple">{t('beta')}</Tag>
            <Typography.Text type="secondary">{t('betaHint')}</Typography.Text>
          </>
        )}
      </Flex>
      {body()}
    </Flex>
  );
};
