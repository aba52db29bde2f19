import { Button, Result } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ViewerHomeContext, ViewerTypeContext } from './viewer-type';

// The not-built notice lives in NotBuiltPage.tsx; re-exported for screens that import it from here.
export { NotBuiltPage } from './NotBuiltPage';

const HomeButton = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useContext(ViewerHomeContext);
  return (
    <Button type="primary" onClick={() => navigate(home)}>
      {t('backHome')}
    </Button>
  );
};

/** spec 000 §2: unknown paths show this page. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  return <Result status="404" title={t('notFoundTitle')} subTitle={t('notFound')} extra={<HomeButton />} />;
};

/** spec 000 §6: a signed-in user whose type may not open the route sees this instead of the page. */
export const ForbiddenPage = () => {
  const { t } = useTranslation();
  // spec 000 §6: an eaa page warns "You do not have permission to edit this page."
  const eaa = useContext(ViewerTypeContext) === 'eaa';
  return (
    <Result
      status="403"
      title={t('forbiddenTitle')}
      subTitle={t(eaa ? 'forbiddenEdit' : 'forbidden')}
      extra={<HomeButton />}
    />
  );
};
