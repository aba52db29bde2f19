import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TShopPortal } from '@shopdesk/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SHOP_LIST_PATHS } from './use-shop-page';

/**
 * "Back to store list" (spec 000 §2): browser back (info page) or the type's shop list (edit page). A page
 * opened from a bookmark has no history entry to go back to, so it goes to the list then too.
 */
export const BackToList = ({ type, historyBack }: { type: TShopPortal; historyBack: boolean }) => {
  const { t } = useTranslation('shopProfile');
  const navigate = useNavigate();
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Button
      icon={<ArrowLeftOutlined />}
      onClick={() => (historyBack && canGoBack ? navigate(-1) : navigate(SHOP_LIST_PATHS[type]))}
    >
      {t('backToList')}
    </Button>
  );
};
