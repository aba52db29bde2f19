/**
 * The TapPay simulator's card form (docs/decisions/payments.md "TapPay card form"): a script of the shape of TapPay's
 * web SDK (TPDirect.setupSDK, TPDirect.card.setup with fields, onUpdate, getTappayFieldsStatus, getPrime(cb)
 * answering {status, msg, card: {prime, lastfour, …}}), served by the simulator at TapPay's SDK path. Its
 * fields are plain inputs inside the given containers (TapPay's own are iframes); getPrime posts the card to
 * the simulator, which answers a single-use `test_…` prime. Outside production only.
 */
export const TAPPAY_SDK_SIM_SCRIPT = String.raw`(function () {
  var base = new URL(document.currentScript.src).origin;
  var app = null;
  var inputs = {};
  var onUpdate = null;
  var luhn = function (n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return n.length >= 13 && sum % 10 === 0;
  };
  var digits = function (v) { return String(v || '').replace(/\D/g, ''); };
  var expiryOk = function (v) {
    var m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(v || '').trim());
    if (!m) return false;
    var month = Number(m[1]), year = 2000 + Number(m[2]), now = new Date();
    return month >= 1 && month <= 12 && (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1));
  };
  // TapPay's field status: 0 valid, 1 empty, 2 error, 3 typing
  var state = function () {
    var n = digits(inputs.number && inputs.number.value), e = inputs.expirationDate && inputs.expirationDate.value, c = digits(inputs.ccv && inputs.ccv.value);
    var s = {
      number: !n ? 1 : luhn(n) ? 0 : n.length < 16 ? 3 : 2,
      expiry: !e ? 1 : expiryOk(e) ? 0 : String(e).length < 5 ? 3 : 2,
      ccv: !c ? 1 : c.length >= 3 && c.length <= 4 ? 0 : 3,
    };
    return {
      cardType: /^4/.test(n) ? 'visa' : /^5[1-5]/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : /^35/.test(n) ? 'jcb' : 'unknown',
      canGetPrime: s.number === 0 && s.expiry === 0 && s.ccv === 0,
      hasError: s.number === 2 || s.expiry === 2 || s.ccv === 2,
      status: s,
    };
  };
  var field = function (name, cfg, attrs) {
    var host = typeof cfg.element === 'string' ? document.querySelector(cfg.element) : cfg.element;
    if (!host) throw new Error('TPDirect: no element for ' + name);
    host.innerHTML = '';
    var i = document.createElement('input');
    i.setAttribute('data-tappay-field', name);
    i.setAttribute('inputmode', 'numeric');
    i.setAttribute('autocomplete', attrs.autocomplete);
    i.setAttribute('aria-label', cfg.placeholder || name);
    i.maxLength = attrs.max;
    i.placeholder = cfg.placeholder || '';
    i.style.cssText = 'width:100%;border:0;outline:0;background:transparent;font:inherit;font-size:16px;padding:0;color:inherit';
    i.addEventListener('input', function () {
      if (name === 'expirationDate' && /^\d{2}$/.test(i.value)) i.value = i.value + ' / ';
      if (onUpdate) onUpdate(state());
    });
    host.appendChild(i);
    inputs[name] = i;
  };
  window.TPDirect = {
    version: 'simulator',
    setupSDK: function (appId, appKey, serverType) { app = { appId: appId, appKey: appKey, serverType: serverType }; },
    card: {
      setup: function (cfg) {
        var f = (cfg && cfg.fields) || {};
        field('number', f.number || {}, { autocomplete: 'cc-number', max: 19 });
        field('expirationDate', f.expirationDate || {}, { autocomplete: 'cc-exp', max: 7 });
        field('ccv', f.ccv || {}, { autocomplete: 'cc-csc', max: 4 });
      },
      onUpdate: function (cb) { onUpdate = cb; },
      getTappayFieldsStatus: function () { return state(); },
      getPrime: function (cb) {
        if (!app) return cb({ status: -1, msg: 'TPDirect.setupSDK first' });
        var s = state();
        if (!s.canGetPrime) return cb({ status: 41, msg: 'Wrong card format' });
        fetch(base + '/sdk/get-prime', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            app_id: app.appId,
            app_key: app.appKey,
            card: { number: digits(inputs.number.value), expiry: inputs.expirationDate.value, ccv: digits(inputs.ccv.value) },
          }),
        })
          .then(function (r) { return r.json(); })
          .then(cb, function (err) { cb({ status: -2, msg: String(err) }); });
      },
    },
  };
})();
`;
