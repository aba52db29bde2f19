import type { TPageProps } from '../../app/lazy-page';
import { NotBuiltPage } from '../../app/NotBuiltPage';

/** Placeholder until this feature's screen lands (issue 7): the shared not-built notice. */
const PubShopStatPage = (props: TPageProps) => <NotBuiltPage {...props} />;
export default PubShopStatPage;
