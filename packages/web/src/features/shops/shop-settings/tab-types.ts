/**
 * The props every settings tab receives (spec 001 §1: each tab takes the shop account id). Shared with
 * tabs built in other feature folders (shop-time's TimeTab), so this shape does not change.
 */
export type SettingsTabProps = {
  accountId: number;
  userType: 'gaa' | 'si' | 'eaa';
  setPending: (pending: boolean) => void;
};
