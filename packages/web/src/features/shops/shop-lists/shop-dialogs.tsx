import { lazy, Suspense } from 'react';

// The two dialogs belong to other features (POS users, weekly report); they load with their own chunk the
// first time a row opens one.
const PosUsersDialog = lazy(() =>
  import('../pos-users/PosUsersDialog').then((m) => ({ default: m.PosUsersDialog })),
);
const WeeklyReportDialog = lazy(() =>
  import('../../reports/weekly-report/WeeklyReportDialog').then((m) => ({ default: m.WeeklyReportDialog })),
);

export type TShopDialog =
  | { kind: 'pos-users'; shopId: number; shopName: string }
  | { kind: 'weekly-report'; accountId: number; shopName: string; shopEmail: string };

/** The open dialog of a list (one at a time), or nothing. */
export const ShopDialogs = ({
  dialog,
  userType,
  onClose,
}: {
  dialog: TShopDialog | null;
  userType: 'gaa' | 'si' | 'eaa';
  onClose: () => void;
}) => {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'pos-users' ? (
        <PosUsersDialog
          shopId={dialog.shopId}
          shopName={dialog.shopName}
          userType={userType}
          open
          onClose={onClose}
        />
      ) : (
        <WeeklyReportDialog
          accountId={dialog.accountId}
          shopName={dialog.shopName}
          shopEmail={dialog.shopEmail}
          open
          onClose={onClose}
        />
      )}
    </Suspense>
  );
};
