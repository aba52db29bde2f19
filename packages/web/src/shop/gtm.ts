/**
 * The shop's Google Tag Manager container (spec 002 §7 PUT /gaa/business/bulk/gtm): the storefront
 * profile carries its id; the pages load gtm.js once, for a shop that has one. Tag managers must never break
 * the ordering page: a malformed id is ignored, a failed load (blocked, offline) is only a missing script.
 */
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
let loaded: string | null = null;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const loadTagManager = (id: string | null | undefined) => {
  try {
    if (!id || !GTM_ID.test(id) || loaded === id) return;
    loaded = id;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    script.dataset.gtm = id;
    script.onerror = () => undefined;
    document.head.appendChild(script);
  } catch {
    // never let analytics break the page
  }
};
