import type { SettingsTabProps } from '../../shops/shop-settings/tab-types';
import { ContractsView } from './ContractsView';

/**
 * The settings page's Contract tab (gaa, spec 001 §1; its content is 002 §2 screen 6): the shop's contracts,
 * the new-contract dialog and the system switch, as on /gaa/business/{id}/contract. A shop's business id is
 * its account id here (the page's own default, ?businessId absent).
 */
const ContractTab = ({ accountId }: SettingsTabProps) => (
  <ContractsView accountId={accountId} businessId={accountId} embedded />
);

export default ContractTab;
