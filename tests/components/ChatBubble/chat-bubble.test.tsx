import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatBubble } from '../../../src/islands/ChatBubble/ChatBubble.tsx';
import { islandMessages } from '../../../src/i18n/island-messages.ts';

const messages = islandMessages('en', ['chat.']);

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('script[data-support-widget]').forEach((s) => s.remove());
  document.getElementById('third-party-bubble')?.remove();
});

describe('ChatBubble', () => {
  it('[SITE-16] opens a contact panel with a real mail link, and Escape closes it back to the bubble', () => {
    render(<ChatBubble email="help@inkwise.test" faqHref="/en/try-premium#faq" messages={messages} />);
    const bubble = screen.getByRole('button', { name: 'Contact support' });
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bubble);
    const panel = screen.getByRole('dialog', { name: 'How can we help?' });
    expect(panel.hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'E-mail help@inkwise.test' }).getAttribute('href')).toBe('mailto:help@inkwise.test');
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(bubble);
  });

  it('[SITE-16] is placed by CSS rules: 20 px, 120 px from 1024 px, hidden under 768 px', () => {
    render(<ChatBubble email="help@inkwise.test" faqHref="/en/try-premium#faq" messages={messages} />);
    const box = document.querySelector<HTMLElement>('[data-chat-bubble]')!;
    expect(box.className).toContain('bottom-5');
    expect(box.className).toContain('lg:bottom-[120px]');
    expect(box.className).toContain('hidden md:block');
  });

  it('[SITE-17] adopts a third-party widget found within 10 tries every 2 s, and hides its own bubble', async () => {
    vi.useFakeTimers();
    render(<ChatBubble email="help@inkwise.test" faqHref="/en/try-premium#faq" widget={{ src: 'https://widget.test/chat.js', selector: '#third-party-bubble' }} messages={messages} />);
    expect(document.head.querySelector('script[data-support-widget]')?.getAttribute('src')).toBe('https://widget.test/chat.js');
    const box = document.querySelector<HTMLElement>('[data-chat-bubble]')!;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(box.hidden).toBe(false);
    const widget = document.createElement('div');
    widget.id = 'third-party-bubble';
    document.body.append(widget);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(box.hidden).toBe(true);
    expect(widget.style.position).toBe('fixed');
    expect(widget.style.bottom).toMatch(/px$/);
  });
});
