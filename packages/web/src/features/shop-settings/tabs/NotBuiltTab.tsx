import type { ComponentType } from 'react';
import type { TRouteDef, TTitle } from '../../../app/route-types';
import { NotBuiltPage } from '../../../app/StatusPages';
import { i18n } from '../../../i18n';
import type { SettingsTabProps } from '../tab-types';

/**
 * The loader of a tab that a later issue builds: the shell's one "not built yet" notice, named after the
 * tab. The notice reads its title from the `routes` namespace, so the tab's title is added there.
 */
export const notBuiltTab =
  (key: string, title: TTitle) => (): Promise<{ default: ComponentType<SettingsTabProps> }> => {
    const id = `shop-settings-tab-${key}`;
    i18n.addResource('zh-TW', 'routes', id, title.zh);
    i18n.addResource('en', 'routes', id, title.en);
    const route: TRouteDef = { id, path: '', who: ['gaa', 'si', 'eaa'], title };
    return Promise.resolve({ default: () => <NotBuiltPage route={route} /> });
  };
