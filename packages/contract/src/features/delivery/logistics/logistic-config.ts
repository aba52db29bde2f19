import { z } from 'zod';
import { msg, type TMessage } from '../../../common/errors';

/**
 * The Logistic tab's configuration (spec 001 §3 "Logistic configuration") and its transitions (spec 001 §4
 * "Logistics"), as pure functions: the tab calls them on every click, the server runs `normaliseConfiguration`
 * and `checkLogisticsSave` again on save, so a hand-made request cannot store a state the tab cannot reach.
 */
export const LOGISTIC_PLATFORMS = ['platform', 'selfie'] as const;
export const LOGISTIC_MODES = ['auto', 'manual', 'selfie'] as const;
export const LOGISTIC_VERSIONS = ['v1', 'v2'] as const;
export const LOGISTIC_WALLETS = ['public', 'private'] as const;
/** Vendors with a card and a settings popup (spec 001 §3 "Vendor settings"). */
export const VENDOR_CARDS = ['lala', 'global', 'git'] as const;
/** The default-vendor dropdown (spec 001 §3). */
export const DEFAULT_VENDOR_CHOICES = ['lala', 'global', 'pandago', 'uber'] as const;
/** What logisticDefaultVendor may hold: a dropdown choice, or git (v1, spec 001 §4). */
export const LOGISTIC_VENDORS = ['lala', 'global', 'git', 'pandago', 'uber'] as const;
export const DELIVERY_TIME_KINDS = ['estimate', 'custom'] as const;

/**
 * What people read for the vendor and version codes (the codes stay in the data, spec 001 §3): the courier
 * services by their own names; git is the legacy (v1) dispatch that hands orders to its own default vendor.
 * Decision: docs/decisions "Vendor and version names".
 */
export const LOGISTIC_VENDOR_NAMES: Record<(typeof LOGISTIC_VENDORS)[number], TMessage> = {
  lala: msg('Lalamove', 'Lalamove'),
  global: msg('Global 物流', 'Global Courier'),
  git: msg('舊版派車', 'Legacy dispatch'),
  pandago: msg('foodpanda pandago', 'foodpanda pandago'),
  uber: msg('Uber Direct', 'Uber Direct'),
};
export const LOGISTIC_VERSION_NAMES: Record<(typeof LOGISTIC_VERSIONS)[number], TMessage> = {
  v1: msg('舊版物流串接', 'Legacy courier link'),
  v2: msg('新版物流串接', 'Current courier link'),
};

export const ZLogisticPlatform = z.enum(LOGISTIC_PLATFORMS);
export const ZLogisticMode = z.enum(LOGISTIC_MODES);
export const ZLogisticVersion = z.enum(LOGISTIC_VERSIONS);
export const ZLogisticWallet = z.enum(LOGISTIC_WALLETS);
export const ZLogisticVendor = z.enum(LOGISTIC_VENDORS);
export const ZDefaultVendorChoice = z.enum(DEFAULT_VENDOR_CHOICES);
export type TLogisticPlatform = z.infer<typeof ZLogisticPlatform>;
export type TLogisticMode = z.infer<typeof ZLogisticMode>;
export type TLogisticVersion = z.infer<typeof ZLogisticVersion>;
export type TLogisticWallet = z.infer<typeof ZLogisticWallet>;
export type TLogisticVendor = z.infer<typeof ZLogisticVendor>;
export type TDefaultVendorChoice = z.infer<typeof ZDefaultVendorChoice>;
export type TDeliveryTimeKind = (typeof DELIVERY_TIME_KINDS)[number];

export const ZLogisticConfiguration = z.object({
  isLogistic: z.boolean(),
  isLala: z.boolean(),
  logisticPlatform: ZLogisticPlatform,
  /** null: platform delivery whose dispatch mode is not chosen yet (save refuses it, spec 001 §5). */
  logisticMode: ZLogisticMode.nullable(),
  logisticVersion: ZLogisticVersion,
  logisticWallet: ZLogisticWallet,
  logisticDefaultVendor: ZLogisticVendor,
  gitDefaultVendor: ZDefaultVendorChoice,
});
export type TLogisticConfiguration = z.infer<typeof ZLogisticConfiguration>;

/** A shop that never saved its logistics: self-delivery, v1 (spec 001 §4 on-load rules applied to nothing). */
export const DEFAULT_LOGISTIC_CONFIGURATION: TLogisticConfiguration = {
  isLogistic: false,
  isLala: false,
  logisticPlatform: 'selfie',
  logisticMode: 'selfie',
  logisticVersion: 'v1',
  logisticWallet: 'public',
  logisticDefaultVendor: 'git',
  gitDefaultVendor: 'lala',
};

/** isLogistic is the stored form of the version: v2 = the platform's own logistics (spec 001 §4 on load). */
const withVersion = (c: TLogisticConfiguration, v: TLogisticVersion): TLogisticConfiguration => ({
  ...c,
  logisticVersion: v,
  isLogistic: v === 'v2',
});

/**
 * spec 001 §4 "On load": isLogistic true means v2; otherwise v1, with platform if isLala else selfie. A
 * wallet that is not private becomes public. A default vendor that is not global becomes lala, and v1 forces
 * git. Self-delivery means mode selfie (§4 "Choosing self-delivery sets mode selfie"); a platform shop left
 * in mode selfie has no dispatch mode yet. Idempotent: normalising twice changes nothing.
 */
export const normaliseConfiguration = (raw: Partial<Record<keyof TLogisticConfiguration, unknown>>) => {
  const isLogistic = raw.isLogistic === true;
  const isLala = raw.isLala === true;
  const version: TLogisticVersion = isLogistic ? 'v2' : 'v1';
  const platform: TLogisticPlatform = isLogistic
    ? raw.logisticPlatform === 'selfie'
      ? 'selfie'
      : 'platform'
    : isLala
      ? 'platform'
      : 'selfie';
  const mode = ZLogisticMode.safeParse(raw.logisticMode);
  const logisticMode: TLogisticMode | null =
    platform === 'selfie' ? 'selfie' : mode.success && mode.data !== 'selfie' ? mode.data : null;
  const git = ZDefaultVendorChoice.safeParse(raw.gitDefaultVendor);
  const c: TLogisticConfiguration = {
    isLogistic,
    isLala,
    logisticPlatform: platform,
    logisticMode,
    logisticVersion: version,
    logisticWallet: raw.logisticWallet === 'private' ? 'private' : 'public',
    logisticDefaultVendor:
      version === 'v1' ? 'git' : raw.logisticDefaultVendor === 'global' ? 'global' : 'lala',
    gitDefaultVendor: git.success ? git.data : 'lala',
  };
  // manual dispatch needs v2 and a private wallet (§4): a stored state that breaks it falls back to auto
  if (c.logisticMode === 'manual' && !manualAllowed(c)) c.logisticMode = 'auto';
  return c;
};

/** spec 001 §4: choosing self-delivery sets mode selfie; choosing the platform asks for a dispatch mode. */
export const choosePlatform = (c: TLogisticConfiguration, p: TLogisticPlatform): TLogisticConfiguration =>
  p === 'selfie'
    ? { ...c, logisticPlatform: 'selfie', logisticMode: 'selfie' }
    : {
        ...c,
        logisticPlatform: 'platform',
        isLala: c.isLogistic ? c.isLala : true,
        logisticMode: c.logisticMode === 'selfie' ? null : c.logisticMode,
      };

/** spec 001 §4: the manual choice is disabled when v1 or public wallet. */
export const manualAllowed = (c: Pick<TLogisticConfiguration, 'logisticVersion' | 'logisticWallet'>) =>
  c.logisticVersion === 'v2' && c.logisticWallet === 'private';

/** spec 001 §4: manual mode forces v2 and default vendor lala; automatic is always available. */
export const chooseMode = (c: TLogisticConfiguration, m: TLogisticMode): TLogisticConfiguration => {
  if (m === 'selfie') return choosePlatform(c, 'selfie');
  if (m === 'auto') return { ...c, logisticPlatform: 'platform', logisticMode: 'auto' };
  if (!manualAllowed(c)) return c;
  return {
    ...withVersion(c, 'v2'),
    logisticPlatform: 'platform',
    logisticMode: 'manual',
    logisticDefaultVendor: 'lala',
  };
};

/** spec 001 §4: distance-estimate delivery time sets v1 and vendor git; custom sets v2 and lala. */
export const chooseDeliveryTime = (
  c: TLogisticConfiguration,
  k: TDeliveryTimeKind,
): TLogisticConfiguration => {
  const next =
    k === 'estimate'
      ? { ...withVersion(c, 'v1'), logisticDefaultVendor: 'git' as const }
      : { ...withVersion(c, 'v2'), logisticDefaultVendor: 'lala' as const };
  // v1 cannot dispatch by hand (§4 manual is disabled on v1)
  return next.logisticMode === 'manual' && !manualAllowed(next) ? { ...next, logisticMode: 'auto' } : next;
};

/** The delivery-time tab a configuration shows. */
export const deliveryTimeOf = (c: Pick<TLogisticConfiguration, 'logisticVersion'>): TDeliveryTimeKind =>
  c.logisticVersion === 'v1' ? 'estimate' : 'custom';

/** spec 001 §4: selecting vendor git sets v1; other vendors set v2. */
export const chooseVendor = (c: TLogisticConfiguration, v: TLogisticVendor): TLogisticConfiguration => {
  const next = { ...withVersion(c, v === 'git' ? 'v1' : 'v2'), logisticDefaultVendor: v };
  return next.logisticMode === 'manual' && !manualAllowed(next) ? { ...next, logisticMode: 'auto' } : next;
};

/** The wallet (whose vendor account pays): a public wallet cannot dispatch by hand (§4), so manual → auto. */
export const chooseWallet = (c: TLogisticConfiguration, w: TLogisticWallet): TLogisticConfiguration => {
  const next = { ...c, logisticWallet: w };
  return next.logisticMode === 'manual' && !manualAllowed(next) ? { ...next, logisticMode: 'auto' } : next;
};

/** The git card's own default vendor (spec 001 §3 "git (v1; default vendor choice)"). */
export const chooseGitDefaultVendor = (
  c: TLogisticConfiguration,
  v: TDefaultVendorChoice,
): TLogisticConfiguration => ({ ...c, gitDefaultVendor: v });

/** The isLala switch: shown only when isLogistic is false (spec 001 §4, 000 §5). */
export const showLalaSwitch = (c: Pick<TLogisticConfiguration, 'isLogistic'>) => !c.isLogistic;

/** Toggling isLala (v1 only): on = the platform's courier, off = self-delivery. */
export const toggleLala = (c: TLogisticConfiguration, on: boolean): TLogisticConfiguration =>
  c.isLogistic ? c : normaliseConfiguration({ ...c, isLala: on, logisticMode: on ? 'auto' : 'selfie' });

/**
 * Whether accepted delivery orders get a courier from a vendor, and how: 'auto' requests one at acceptance,
 * 'manual' waits for the operator (logistics recall), null = the shop delivers itself.
 */
export const courierDispatch = (c: TLogisticConfiguration): 'auto' | 'manual' | null => {
  if (c.logisticPlatform !== 'platform') return null;
  if (!c.isLogistic && !c.isLala) return null;
  return c.logisticMode === 'manual' ? 'manual' : 'auto';
};
