import { useParams, useSearchParams } from 'react-router';
import type { TPageProps } from '../../../shell/lazy-page';
import { ContractsView } from './ContractsView';

const id = (raw: string | null | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * Contract list page (spec 002 §2 screen 6): /gaa/business/{accountId}/contract?businessId, and a shop
 * manager's reading copy /line/business/{accountId}/contract (the `contract` acl, spec 002 §3).
 */
const ContractsPage = ({ route }: TPageProps) => {
  const accountId = id(useParams().id);
  const [search] = useSearchParams();
  return (
    <ContractsView
      accountId={accountId}
      businessId={id(search.get('businessId')) ?? accountId ?? 0}
      readOnly={route.path.startsWith('/line/')}
    />
  );
};

export default ContractsPage;
