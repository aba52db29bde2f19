// The three payment simulators (TapPay, LINE Pay, easy-wallet) on free ports and a gateway that speaks to them,
// as the payment tests share them: each file builds its app with `payments: gateway`.
import { createPaymentGateway } from '../src/adapters/payment/clients';
import { createPaymentSimulators } from '../src/adapters/payment/simulators';
import { listenSimulator } from '../src/adapters/simulator-host';

export const startPaymentSims = async () => {
  const sims = createPaymentSimulators();
  const hosts = await Promise.all(
    [sims.tappay, sims.linepay, sims.easywallet].map((a) => listenSimulator(a, 0)),
  );
  const urls = { tappay: hosts[0]!.url, linepay: hosts[1]!.url, easywallet: hosts[2]!.url };
  sims.control.setUrls(urls);
  return { sims, urls, gateway: createPaymentGateway(urls, 'simulator') };
};
