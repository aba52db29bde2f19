import { newKey } from './store';

/**
 * 團購: what this browser keeps of each group cart it took part in: its participant key (the server knows only
 * its hash; it marks this browser's own lines) and the name it orders under. localStorage, memory when blocked.
 */
export type TGroupMe = { key: string; name: string };
const memory = new Map<string, string>();
const slot = (token: string) => `shopdesk.group.${token}`;

export const loadGroupMe = (token: string): TGroupMe | null => {
  try {
    const raw = (() => {
      try {
        return localStorage.getItem(slot(token));
      } catch {
        return memory.get(slot(token)) ?? null;
      }
    })();
    const v = JSON.parse(raw ?? 'null') as Partial<TGroupMe> | null;
    return v && typeof v.key === 'string' && typeof v.name === 'string' ? { key: v.key, name: v.name } : null;
  } catch {
    return null;
  }
};

export const saveGroupMe = (token: string, me: TGroupMe) => {
  try {
    localStorage.setItem(slot(token), JSON.stringify(me));
  } catch {
    memory.set(slot(token), JSON.stringify(me));
  }
};

/** A fresh participant key: a random id (the server takes 16–64 letters, digits, - and _). */
export const newGroupKey = () =>
  newKey()
    .replace(/[^A-Za-z0-9_-]/g, '')
    .padEnd(16, '0')
    .slice(0, 64);
