import type { TStorefrontShop } from '@shopdesk/contract';
import { useT } from '../i18n';

/**
 * /shop/{id}/manager, the manager QR code's target (spec 000 §3 "Manager info"): how a manager binds
 * LINE to the shop. The binding itself happens in the chat (features/chat/line chat-events: the 6-digit code
 * of the shop info page); the code is never shown here, this page is public.
 */
const ManagerPage = ({ shop }: { shop: TStorefrontShop }) => {
  const t = useT();
  return (
    <section aria-labelledby="manager-title">
      <h1 id="manager-title">
        {t('managerTitle')} · {shop.name}
      </h1>
      <ol className="card steps-text">
        <li>{t('managerStep1')}</li>
        <li>{t('managerStep2')}</li>
        <li>{t('managerStep3')}</li>
        <li>{t('managerStep4')}</li>
      </ol>
      {shop.lineAddFriendUrl ? (
        <a className="btn primary" href={shop.lineAddFriendUrl} rel="noopener">
          {t('addFriend')}
        </a>
      ) : (
        <p className="muted">{t('noFriendLink')}</p>
      )}
    </section>
  );
};
export default ManagerPage;
