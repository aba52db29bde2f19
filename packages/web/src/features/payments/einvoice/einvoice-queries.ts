import {
  applyInvoiceOp,
  fetchInvoicesOp,
  getInvoiceOp,
  invoiceSwitchOp,
  issueInvoiceOp,
  type TInvoiceApplication,
  updateInvoiceOp,
  updateInvoicePrinterOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

const key = (accountId: number) => ['einvoice', accountId] as const;

export const useInvoice = (accountId: number) =>
  useApiQuery(getInvoiceOp, { params: { id: accountId } }, { queryKey: key(accountId), staleTime: 0 });

export const useInvoiceWrites = (accountId: number) => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: key(accountId) });
  const params = { id: accountId };
  const apply = useApiMutation(applyInvoiceOp, { onSuccess });
  const update = useApiMutation(updateInvoiceOp, { onSuccess });
  const printer = useApiMutation(updateInvoicePrinterOp, { onSuccess });
  const sw = useApiMutation(invoiceSwitchOp, { onSuccess });
  const fetch = useApiMutation(fetchInvoicesOp, { onSuccess });
  const issue = useApiMutation(issueInvoiceOp, { onSuccess });
  return {
    applying: apply.isPending,
    fetching: fetch.isPending,
    apply: (body: TInvoiceApplication) => apply.mutateAsync({ params, body }),
    setTitle: (value: string) => update.mutateAsync({ params, body: { key: 'shortName', value } }),
    setAuto: (k: 'is_qc_invoice' | 'is_qp_invoice', value: boolean) =>
      update.mutateAsync({ params, body: { key: k, value } }),
    setPrinter: (printerSn: string, printerDeviceId: string) =>
      printer.mutateAsync({ params, body: { printerSn, printerDeviceId } }),
    setSwitch: (switchValue: boolean) => sw.mutateAsync({ params, body: { switchValue } }),
    fetchSets: (sellerId: string) => fetch.mutateAsync({ params, body: { sellerId, count: 10 } }),
    issuing: issue.isPending ? issue.variables?.body.orderId : undefined,
    issue: (orderId: number) => issue.mutateAsync({ params, body: { orderId } }),
  };
};
