import type { BackendModule, ReadCallback } from 'i18next';

type TResourceModule = Record<string, Record<string, Record<string, unknown>> | undefined>;

/** resources/table-qr.ts → tableQr: a feature's file name is its namespace, in camelCase. */
export const namespaceOf = (file: string) =>
  file.replace(/^.*\/|\.ts$/g, '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

// Every feature resource file becomes its own small chunk, fetched the first time a screen asks for its
// namespace (useTranslation('tableQr') suspends until then). The shell's namespaces are bundled.
const loaders = Object.fromEntries(
  Object.entries(
    import.meta.glob<TResourceModule>([
      './resources/*.ts',
      '!./resources/common.ts',
      '!./resources/session.ts',
      '!./resources/layout.ts',
      '!./resources/routes.ts',
    ]),
  ).map(([file, load]) => [namespaceOf(file), load]),
);

/** An i18next backend that reads feature namespaces from the lazily loaded resource modules. */
export const lazyResourcesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = loaders[namespace];
    if (!load) {
      callback(new Error(`No resource file for namespace "${namespace}" in src/i18n/resources`), false);
      return;
    }
    load().then(
      (module) => callback(null, (module[namespace]?.[language] ?? {}) as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
