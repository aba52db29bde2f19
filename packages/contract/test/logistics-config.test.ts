import { describe, expect, it } from 'vitest';
import {
  COURIER_ACCOUNT_MESSAGES,
  checkLogisticsSave,
  chooseDeliveryTime,
  chooseGitDefaultVendor,
  chooseMode,
  choosePlatform,
  chooseVendor,
  chooseWallet,
  courierAccountOf,
  courierDispatch,
  DEFAULT_LOGISTIC_CONFIGURATION,
  deliveryTimeOf,
  LOGISTICS_MESSAGES,
  manualAllowed,
  normaliseConfiguration,
  showLalaSwitch,
  type TLogisticConfiguration,
  toggleLala,
} from '../src';

const v2: TLogisticConfiguration = {
  isLogistic: true,
  isLala: false,
  logisticPlatform: 'platform',
  logisticMode: 'auto',
  logisticVersion: 'v2',
  logisticWallet: 'private',
  logisticDefaultVendor: 'lala',
  gitDefaultVendor: 'lala',
};
const lala = { vendor: 'lala' as const, merchantId: '', accessKey: 'pk_test', accessToken: 'sk_test' };

// spec 001 §4 "Logistics"
describe('choosePlatform', () => {
  it('self-delivery sets mode selfie', () =>
    expect(choosePlatform(v2, 'selfie')).toMatchObject({
      logisticPlatform: 'selfie',
      logisticMode: 'selfie',
    }));
  it('back to the platform leaves the dispatch mode to choose', () =>
    expect(choosePlatform(choosePlatform(v2, 'selfie'), 'platform')).toMatchObject({
      logisticPlatform: 'platform',
      logisticMode: null,
    }));
  it('the platform keeps a chosen mode', () =>
    expect(choosePlatform(v2, 'platform').logisticMode).toBe('auto'));
});

describe('chooseMode', () => {
  it('manual forces v2 and default vendor lala', () => {
    const c = chooseMode({ ...v2, logisticDefaultVendor: 'global' }, 'manual');
    expect(c).toMatchObject({
      logisticMode: 'manual',
      logisticVersion: 'v2',
      isLogistic: true,
      logisticDefaultVendor: 'lala',
    });
  });
  it('manual is disabled on v1 and with a public wallet: nothing changes', () => {
    const v1 = {
      ...DEFAULT_LOGISTIC_CONFIGURATION,
      logisticPlatform: 'platform' as const,
      logisticMode: 'auto' as const,
    };
    expect(manualAllowed(v1)).toBe(false);
    expect(chooseMode(v1, 'manual')).toEqual(v1);
    const pub = { ...v2, logisticWallet: 'public' as const };
    expect(chooseMode(pub, 'manual')).toEqual(pub);
  });
  it('automatic is available on v1 too', () =>
    expect(chooseMode(DEFAULT_LOGISTIC_CONFIGURATION, 'auto')).toMatchObject({
      logisticMode: 'auto',
      logisticPlatform: 'platform',
      logisticVersion: 'v1',
    }));
  it('selfie is self-delivery', () => expect(chooseMode(v2, 'selfie').logisticPlatform).toBe('selfie'));
});

describe('chooseDeliveryTime', () => {
  it('distance estimate sets v1 and vendor git', () => {
    const c = chooseDeliveryTime(v2, 'estimate');
    expect(c).toMatchObject({ logisticVersion: 'v1', isLogistic: false, logisticDefaultVendor: 'git' });
    expect(deliveryTimeOf(c)).toBe('estimate');
  });
  it('custom sets v2 and lala', () => {
    const c = chooseDeliveryTime(chooseDeliveryTime(v2, 'estimate'), 'custom');
    expect(c).toMatchObject({ logisticVersion: 'v2', isLogistic: true, logisticDefaultVendor: 'lala' });
    expect(deliveryTimeOf(c)).toBe('custom');
  });
  it('estimate turns manual dispatch (impossible on v1) into auto', () =>
    expect(chooseDeliveryTime(chooseMode(v2, 'manual'), 'estimate').logisticMode).toBe('auto'));
});

describe('chooseVendor', () => {
  it('git sets v1', () =>
    expect(chooseVendor(v2, 'git')).toMatchObject({ logisticVersion: 'v1', logisticDefaultVendor: 'git' }));
  it.each(['lala', 'global', 'pandago', 'uber'] as const)('%s sets v2', (v) =>
    expect(chooseVendor(chooseVendor(v2, 'git'), v)).toMatchObject({
      logisticVersion: 'v2',
      logisticDefaultVendor: v,
    }),
  );
});

describe('chooseWallet and the git default vendor', () => {
  it('a public wallet turns manual into auto', () =>
    expect(chooseWallet(chooseMode(v2, 'manual'), 'public')).toMatchObject({
      logisticWallet: 'public',
      logisticMode: 'auto',
    }));
  it('private keeps the mode', () => expect(chooseWallet(v2, 'private')).toEqual(v2));
  it('git default vendor', () => expect(chooseGitDefaultVendor(v2, 'uber').gitDefaultVendor).toBe('uber'));
});

describe('normaliseConfiguration (on load)', () => {
  it('isLogistic true means v2', () =>
    expect(normaliseConfiguration({ isLogistic: true, logisticMode: 'auto' })).toMatchObject({
      logisticVersion: 'v2',
      logisticPlatform: 'platform',
    }));
  it('otherwise v1, platform when isLala', () =>
    expect(normaliseConfiguration({ isLogistic: false, isLala: true, logisticMode: 'auto' })).toMatchObject({
      logisticVersion: 'v1',
      logisticPlatform: 'platform',
      logisticDefaultVendor: 'git',
    }));
  it('otherwise v1 and selfie, mode selfie', () =>
    expect(
      normaliseConfiguration({ isLogistic: false, isLala: false, logisticPlatform: 'platform' }),
    ).toMatchObject({
      logisticPlatform: 'selfie',
      logisticMode: 'selfie',
    }));
  it('a wallet that is not private becomes public', () => {
    expect(normaliseConfiguration({ isLogistic: true, logisticWallet: 'x' }).logisticWallet).toBe('public');
    expect(normaliseConfiguration({ isLogistic: true, logisticWallet: 'private' }).logisticWallet).toBe(
      'private',
    );
  });
  it('a default vendor that is not global becomes lala; v1 forces git', () => {
    expect(
      normaliseConfiguration({ isLogistic: true, logisticDefaultVendor: 'uber' }).logisticDefaultVendor,
    ).toBe('lala');
    expect(
      normaliseConfiguration({ isLogistic: true, logisticDefaultVendor: 'global' }).logisticDefaultVendor,
    ).toBe('global');
    expect(
      normaliseConfiguration({ isLogistic: false, logisticDefaultVendor: 'global' }).logisticDefaultVendor,
    ).toBe('git');
  });
  it('is idempotent', () => {
    const once = normaliseConfiguration({
      isLogistic: true,
      logisticMode: 'manual',
      logisticWallet: 'private',
    });
    expect(normaliseConfiguration(once)).toEqual(once);
    expect(once.logisticMode).toBe('manual');
  });
  it('manual with a public wallet loads as auto', () =>
    expect(normaliseConfiguration({ isLogistic: true, logisticMode: 'manual' }).logisticMode).toBe('auto'));
});

describe('the isLala switch', () => {
  it('shows only when isLogistic is false', () => {
    expect(showLalaSwitch(v2)).toBe(false);
    expect(showLalaSwitch(DEFAULT_LOGISTIC_CONFIGURATION)).toBe(true);
  });
  it('on: platform courier on v1; off: self-delivery', () => {
    const on = toggleLala(DEFAULT_LOGISTIC_CONFIGURATION, true);
    expect(on).toMatchObject({ isLala: true, logisticPlatform: 'platform', logisticMode: 'auto' });
    expect(toggleLala(on, false)).toMatchObject({ isLala: false, logisticPlatform: 'selfie' });
    expect(toggleLala(v2, false)).toEqual(v2);
  });
});

describe('courierDispatch (what the configuration does to an order)', () => {
  it('auto, manual, or none for self-delivery', () => {
    expect(courierDispatch(v2)).toBe('auto');
    expect(courierDispatch(chooseMode(v2, 'manual'))).toBe('manual');
    expect(courierDispatch(choosePlatform(v2, 'selfie'))).toBeNull();
    expect(courierDispatch(DEFAULT_LOGISTIC_CONFIGURATION)).toBeNull();
  });
});

// spec 001 §5 "Logistics save"
describe('courierAccountOf (whose account calls the courier)', () => {
  it('public = the platform; private = the shop’s own Lalamove account', () => {
    const own = [{ vendor: 'lala', accessKey: 'pk_test_own', hasToken: true }];
    expect(courierAccountOf({ ...v2, logisticWallet: 'public' }, own)).toEqual({
      kind: 'platform',
      vendor: 'lala',
    });
    expect(courierAccountOf(v2, own)).toEqual({ kind: 'shop', vendor: 'lala', accessKey: 'pk_test_own' });
    expect(courierAccountOf(v2, [{ ...own[0]!, hasToken: false }])).toMatchObject({ kind: 'refused' });
  });
  it('v1 goes to git’s own default vendor; a vendor the adapter does not speak is refused by name', () => {
    const v1 = {
      ...v2,
      logisticVersion: 'v1' as const,
      isLogistic: false,
      isLala: true,
      logisticDefaultVendor: 'git' as const,
      gitDefaultVendor: 'uber' as const,
    };
    expect(courierAccountOf(v1, [])).toEqual({
      kind: 'refused',
      vendor: 'uber',
      reason: COURIER_ACCOUNT_MESSAGES.vendorNotConnected('Uber Direct'),
    });
  });
});

describe('checkLogisticsSave', () => {
  it('v2 with platform needs a vendor account', () =>
    expect(checkLogisticsSave(v2, [])).toBe(LOGISTICS_MESSAGES.vendorAccountRequired));
  it('and a dispatch mode', () =>
    expect(checkLogisticsSave({ ...v2, logisticMode: null }, [lala])).toBe(
      LOGISTICS_MESSAGES.dispatchModeRequired,
    ));
  it('passes with both', () => expect(checkLogisticsSave(v2, [lala])).toBeNull());
  it('a global account needs its merchant id', () => {
    const g = { vendor: 'global' as const, merchantId: '', accessKey: 'k', accessToken: 't' };
    expect(checkLogisticsSave(v2, [g])).toBe(LOGISTICS_MESSAGES.vendorIncomplete);
    expect(
      checkLogisticsSave({ ...v2, logisticDefaultVendor: 'global' }, [{ ...g, merchantId: 'm1' }]),
    ).toBeNull();
  });
  // 自有物流 (private wallet) with Lalamove: the courier requests go through the shop's own Lalamove account
  it('a private wallet with Lalamove needs the shop’s Lalamove account', () => {
    const g = { vendor: 'global' as const, merchantId: 'm1', accessKey: 'k', accessToken: 't' };
    expect(checkLogisticsSave(v2, [g])).toEqual(COURIER_ACCOUNT_MESSAGES.ownAccountMissing('Lalamove'));
    expect(checkLogisticsSave({ ...v2, logisticWallet: 'public' }, [g])).toBeNull();
  });
  it('self-delivery and v1 need no account', () => {
    expect(checkLogisticsSave(choosePlatform(v2, 'selfie'), [])).toBeNull();
    expect(checkLogisticsSave(DEFAULT_LOGISTIC_CONFIGURATION, [])).toBeNull();
  });
  it('manual with a public wallet is refused', () =>
    expect(checkLogisticsSave({ ...v2, logisticMode: 'manual', logisticWallet: 'public' }, [lala])).toBe(
      LOGISTICS_MESSAGES.manualNeedsPrivate,
    ));
});
