import { TAPPAY_CARD_MESSAGES, type TMessage, type TTapPayCardForm } from '@shopdesk/contract';
import { type Ref, useEffect, useId, useImperativeHandle, useState } from 'react';
import { pick, useLang, useT } from './i18n';

/** The part of TapPay's web SDK (TPDirect) the card form uses (docs.tappaysdk.com, TapPay Fields). */
type TPDirect = {
  setupSDK: (appId: number, appKey: string, serverType: 'sandbox' | 'production') => void;
  card: {
    setup: (config: {
      fields: Record<'number' | 'expirationDate' | 'ccv', { element: string; placeholder: string }>;
      styles?: Record<string, Record<string, string>>;
    }) => void;
    onUpdate: (cb: (u: { canGetPrime: boolean; hasError: boolean }) => void) => void;
    getTappayFieldsStatus: () => { canGetPrime: boolean };
    getPrime: (cb: (r: { status: number; msg?: string; card?: { prime: string } }) => void) => void;
  };
};
declare global {
  interface Window {
    TPDirect?: TPDirect;
  }
}

/** Loads TapPay's SDK (or, outside production, the simulator's script of its shape) once per page. */
const loaded = new Map<string, Promise<TPDirect>>();
const loadSdk = (src: string) => {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<TPDirect>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => (window.TPDirect ? resolve(window.TPDirect) : reject(new Error('no TPDirect')));
      s.onerror = () => {
        loaded.delete(src);
        reject(new Error('TapPay SDK failed to load'));
      };
      document.head.appendChild(s);
    });
    loaded.set(src, p);
  }
  return p;
};

/** What a page asks of the card form: a prime (single-use, TapPay: 90 s), or a message why not. */
export type TapPayCardHandle = { getPrime: () => Promise<string> };
export class CardError extends Error {
  constructor(readonly text: TMessage) {
    super(text.en);
  }
}

/**
 * TapPay Fields (docs/decisions/payments.md "TapPay card form"): the card number, expiry and security code live in
 * TapPay's fields (its iframes; the simulator's inputs), never in the app's state; getPrime asks TapPay for a
 * prime that the server pays with once.
 */
export const TapPayCard = ({ form, ref }: { form: TTapPayCardForm; ref: Ref<TapPayCardHandle> }) => {
  const t = useT();
  const lang = useLang();
  const id = useId().replace(/[^a-zA-Z0-9]/g, '');
  const [sdk, setSdk] = useState<TPDirect | null>(null);
  const [failed, setFailed] = useState(false);
  const [state, setState] = useState<'empty' | 'ok' | 'bad'>('empty');

  useEffect(() => {
    let alive = true;
    loadSdk(form.sdkUrl).then(
      (tp) => {
        if (!alive) return;
        tp.setupSDK(form.appId, form.appKey, form.serverType);
        tp.card.setup({
          fields: {
            number: { element: `#tp-number-${id}`, placeholder: '**** **** **** ****' },
            expirationDate: { element: `#tp-exp-${id}`, placeholder: 'MM / YY' },
            ccv: { element: `#tp-ccv-${id}`, placeholder: 'CVV' },
          },
          styles: { input: { 'font-size': '16px' }, '.invalid': { color: '#b91c1c' } },
        });
        tp.card.onUpdate((u) => setState(u.canGetPrime ? 'ok' : u.hasError ? 'bad' : 'empty'));
        setSdk(tp);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [form.sdkUrl, form.appId, form.appKey, form.serverType, id]);

  useImperativeHandle(
    ref,
    () => ({
      getPrime: () =>
        new Promise<string>((resolve, reject) => {
          if (!sdk?.card.getTappayFieldsStatus().canGetPrime)
            return reject(new CardError(TAPPAY_CARD_MESSAGES.cardIncomplete));
          sdk.card.getPrime((r) =>
            r.status === 0 && r.card?.prime
              ? resolve(r.card.prime)
              : reject(new CardError(TAPPAY_CARD_MESSAGES.cardIncomplete)),
          );
        }),
    }),
    [sdk],
  );

  return (
    <div className="tpcard" data-testid="tappay-card" data-ready={sdk ? 'yes' : 'no'}>
      <div className="tprow">
        <span>{t('cardNumber')}</span>
        <div id={`tp-number-${id}`} className={`tpbox ${state === 'bad' ? 'bad' : ''}`} />
      </div>
      <div className="tppair">
        <div className="tprow">
          <span>{t('cardExpiry')}</span>
          <div id={`tp-exp-${id}`} className="tpbox" />
        </div>
        <div className="tprow">
          <span>{t('cardCcv')}</span>
          <div id={`tp-ccv-${id}`} className="tpbox" />
        </div>
      </div>
      <small className="muted">{t('cardByTapPay')}</small>
      {failed && (
        <small className="warn" role="alert">
          {pick(TAPPAY_CARD_MESSAGES.failed, lang)}
        </small>
      )}
    </div>
  );
};
