import { describe, expect, it } from 'vitest';
import { bindingMessage, groupBindingUrl, parseBindingCode } from '../src/index';

// spec 000 §2 shop info "a notification-group QR", §3 Notify group: the QR leads a LINE group to binding.
describe('the notification-group QR (LINE share link with the binding message)', () => {
  it('is LINE’s share link whose text the bot reads as the binding code', () => {
    const url = new URL(groupBindingUrl('123456'));
    expect(`${url.origin}${url.pathname}`).toBe('https://line.me/R/share');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toBe(bindingMessage('123456'));
    expect(parseBindingCode(text)).toBe('123456');
  });
});
