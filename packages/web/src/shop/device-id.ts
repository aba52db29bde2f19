/**
 * This device's id for the customer app (docs/decisions/customer-app.md "SMS verification"): outside LINE, the
 * holder of a phone's SMS verification. Random, kept in localStorage; a blocked storage keeps it for the visit.
 */
const KEY = 'shopdesk.shop.device';
let memory: string | null = null;

const fresh = () => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

export const deviceId = (): string => {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && /^[0-9a-f]{32}$/.test(saved)) return saved;
    const id = fresh();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    memory ??= fresh();
    return memory;
  }
};
