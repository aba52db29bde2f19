import { canonicalMobile, OTP_CODE_LENGTH, OTP_CODE_TTL_MS } from '@shopdesk/contract';
import { useEffect, useState } from 'react';
import { api, ShopApiError } from '../api';
import { pick, useLang, useT } from '../i18n';

type TText = { zh: string; en: string };

/**
 * The checkout's SMS verification of the phone (spec 001 §2.2 is_otp_enabled; docs/decisions/customer-app.md
 * "SMS verification"): send a code → type the 6 digits → verified. A phone already verified for this holder
 * (the LINE user inside LINE, else this device) shows as verified at once. Tells the checkout whether the
 * phone it will send is verified; order intake checks the same thing.
 */
export const PhoneVerify = ({
  shopId,
  phone,
  holder,
  error,
  onVerified,
}: {
  shopId: number;
  phone: string;
  holder: string;
  /** The checkout's message when it was sent unverified. */
  error?: string;
  onVerified: (verified: boolean) => void;
}) => {
  const t = useT();
  const lang = useLang();
  const mobile = canonicalMobile(phone);
  const key = mobile ? `${mobile}|${holder}` : null;
  const [verifiedKey, setVerifiedKey] = useState<string | null>(null);
  const [sentKey, setSentKey] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<TText | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const verified = key !== null && verifiedKey === key;
  const sent = key !== null && sentKey === key;
  const waitS = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => onVerified(verified), [verified, onVerified]);
  // another number: what was said of the last one no longer holds
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the message speaks of
  useEffect(() => {
    setMessage(null);
    setCode('');
  }, [key]);
  // remembered from an earlier order of this holder? asked once the number is complete
  useEffect(() => {
    if (!key || !mobile) return;
    let live = true;
    const timer = setTimeout(() => {
      api.phoneVerified(shopId, mobile, holder).then(
        (r) => live && r.verified && setVerifiedKey(key),
        () => undefined,
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shopId, key, mobile, holder]);
  // the resend countdown
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [resendAt, now]);

  const failed = (err: unknown) =>
    setMessage(
      err instanceof ShopApiError ? { zh: err.zh, en: err.en } : { zh: String(err), en: String(err) },
    );

  const send = async () => {
    if (!mobile || !key || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const r = await api.sendPhoneCode(shopId, mobile, holder);
      if (r.verified) setVerifiedKey(key);
      else {
        setSentKey(key);
        setCode('');
        setNow(Date.now());
        setResendAt(Date.now() + (r.resendInS ?? 60) * 1000);
      }
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (!mobile || !key || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const r = await api.verifyPhoneCode(shopId, mobile, holder, code);
      if (r.verified) setVerifiedKey(key);
    } catch (err) {
      failed(err);
      // a spent or expired code: a new one is needed
      if (err instanceof ShopApiError && err.code !== 'OTP_WRONG_CODE') setSentKey(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fld otp" data-testid="otp-box">
      <span>{t('otpTitle')}</span>
      {verified ? (
        <small className="ok" data-testid="otp-verified">
          ✓ {t('otpVerified')}
        </small>
      ) : (
        <>
          <small className="muted">{t('otpIntro')}</small>
          {!mobile ? (
            <small className="muted">{t('otpMobileFirst')}</small>
          ) : (
            <>
              {sent && (
                <small className="muted" data-testid="otp-sent">
                  {t('otpSent', { phone: mobile, n: OTP_CODE_TTL_MS / 60_000 })}
                </small>
              )}
              {sent && (
                <label className="otp-code">
                  <span>{t('otpCode')}</span>
                  <input
                    value={code}
                    onChange={(e) => {
                      setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH));
                      // the last refusal speaks of the code typed before
                      setMessage(null);
                    }}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={OTP_CODE_LENGTH}
                    data-testid="otp-code"
                  />
                </label>
              )}
              <div className="row">
                {sent && (
                  <button
                    type="button"
                    className="btn small primary"
                    disabled={busy || code.length !== OTP_CODE_LENGTH}
                    onClick={() => void verify()}
                  >
                    {t('otpVerify')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn small"
                  disabled={busy || waitS > 0}
                  onClick={() => void send()}
                  data-testid="otp-send"
                >
                  {waitS > 0 ? t('otpResendIn', { n: waitS }) : sent ? t('otpResend') : t('otpSend')}
                </button>
              </div>
            </>
          )}
          {message ? (
            <small className="warn" role="alert">
              {pick(message, lang)}
            </small>
          ) : (
            error && <small className="warn">{error}</small>
          )}
        </>
      )}
    </div>
  );
};
