import { PORTAL_MESSAGES } from '@shopdesk/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { useMessageText } from '../../../lib/message-text';

/** A portal call answered 404: the route names no portal (a deleted one, a mistyped key or number). */
export const portalMissing = (err: unknown) => err instanceof ApiClientError && err.status === 404;

/** What a portal page shows for a portal that does not exist: a plain 404 state with the way back. */
export const PortalNotFound = ({ portalKey }: { portalKey: string }) => {
  const { t } = useTranslation('portals');
  const say = useMessageText();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      data-testid="portal-not-found"
      title={say(PORTAL_MESSAGES.notFound)}
      subTitle={t('notFoundHint', { key: portalKey })}
      extra={
        <Button type="primary" onClick={() => navigate('/portals')}>
          {t('backToList')}
        </Button>
      }
    />
  );
};
