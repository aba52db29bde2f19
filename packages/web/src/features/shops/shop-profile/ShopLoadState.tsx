import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { CenteredSpin } from '../../../components/CenteredSpin';
import { ApiClientError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';

/** What a shop page shows until its shop is loaded: a spinner, 404, 403 or the error with a retry. */
export const ShopLoadState = ({ error, retry }: { error: unknown; retry: () => void }) => {
  const { t } = useTranslation(['shopProfile', 'common']);
  const text = useErrorText();
  if (!error) return <CenteredSpin tip={t('common:loading')} />;
  if (error instanceof ApiClientError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiClientError && error.status === 403) return <ForbiddenPage />;
  return (
    <Result
      status="error"
      title={t('shopProfile:loadFailed')}
      subTitle={text(error)}
      extra={<Button onClick={retry}>{t('common:reload')}</Button>}
    />
  );
};
