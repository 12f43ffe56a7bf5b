import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api/client.ts';
import { preloadLanguageCheck } from '../../../src/lib/language-check.ts';
import { checkText, errorText, openProblem, paymentProblem, pollProblem, pollUntilData, problemText, textProblem, UnpaidRunError } from '../../../src/stores/tool-run.ts';

const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('the one text check every paid tool runs', () => {
  it('[HUM-17] [HUM-19] asks for text when required, then the plan limit, then English, in that order', () => {
    expect(checkText('  ', 300, { required: true })).toEqual({ key: 'commerce.error.contentRequired' });
    expect(checkText('  ', 300)).toBeNull();
    expect(checkText('one two three four', 3, { required: true, english: true })).toEqual({ key: 'messages.unlockMoreWords', params: { count: 3 }, unlock: true });
    expect(checkText('Это русский текст', 300, { english: true })).toEqual({ key: 'messages.onlyEnglishError', unlock: false });
    expect(checkText('Это русский текст', 300)).toBeNull();
    expect(checkText('An English essay.', 300, { required: true, english: true })).toBeNull();
    // Issue 29: lines of dots (0 words, no word limit) and 1,000-character "words" are not a text to pay for.
    expect(checkText('.\n'.repeat(5_000), 300)).toEqual({ key: 'commerce.error.notProse', unlock: false });
    expect(checkText(Array.from({ length: 10 }, () => 'x'.repeat(1_000)).join(' '), 300)).toEqual({ key: 'commerce.error.notProse', unlock: false });
  });

  it('[HUM-19] once its tables have loaded, the page also refuses Latin-script prose in another language, as the server does', async () => {
    const german =
      'Die sozialen Medien haben das Leben junger Menschen stark verändert. Viele Schüler verbringen jeden Tag mehrere Stunden am Handy, und Lehrer beobachten, dass die Konzentration im Unterricht nachlässt.';
    await preloadLanguageCheck();
    expect(checkText(german, 300, { english: true })).toEqual({ key: 'messages.onlyEnglishError', unlock: false });
    expect(checkText(german, 300)).toBeNull();
    expect(checkText('Social media has changed the lives of young people a great deal. Many students spend several hours a day on their phones, and teachers notice it.', 300, { english: true })).toBeNull();
  });

  it('[HUM-07] the humanizer and detector get the same rule translated, the newer tools keep the key', () => {
    expect(textProblem('Это русский текст', 0, t)).toEqual({ message: 'messages.onlyEnglishError', unlock: false });
    expect(problemText(t, { key: 'messages.unlockMoreWords', params: { limit: 300 } })).toBe('messages.unlockMoreWords{"limit":300}');
    expect(problemText(t, { message: 'Server said so' })).toBe('Server said so');
  });

  it('[HUM-23] a lost connection while polling a paid run says the run goes on; a run the server reports failed does not', () => {
    expect(pollProblem(new ApiError('We could not reach the server.', 2))).toEqual({ message: 'We could not reach the server.', continues: true });
    expect(pollProblem(new ApiError('The rewrite failed; your beans have been returned.', 1, { code: 1 }))).toMatchObject({ continues: false });
  });

  it('[API-07] [API-05] never shows the client\'s internal words: a timed-out poll or an HTTP failure reads as the page\'s translated text', () => {
    // No page here, so the page text is its key; in the browser it is the translated line the page embeds.
    expect(errorText(new ApiError('timeout', 2))).toBe('error.network');
    expect(errorText(new ApiError('cancelled', 2))).toBe('error.network');
    expect(errorText(new ApiError('We could not reach the server.', 2))).toBe('We could not reach the server.');
    expect(errorText(new ApiError('response with error http status(503)', 1, { code: 1, message: 'Le service est indisponible.' }))).toBe('Le service est indisponible.');
    expect(errorText(new ApiError('response with error http status(502)', 1, '<html>bad gateway</html>'))).toBe('error.http');
    expect(errorText(new ApiError('Texte trop long.', 1, { code: 1, message: 'Texte trop long.' }))).toBe('Texte trop long.');
  });

  it('[HUM-07] a failed payment offers the unlock link only when beans are short, in every language', () => {
    const short = (message: string) => new ApiError(message, 1, { code: 1, message, data: { reason: 'insufficientBeans' } });
    expect(paymentProblem(short('Not enough beans'))).toMatchObject({ message: 'Not enough beans', unlock: true });
    // The French page: the message says "grains", never "beans"; the reason is what counts.
    expect(paymentProblem(short("Vous n'avez pas assez de grains pour cela."))).toMatchObject({ unlock: true });
    expect(paymentProblem(new ApiError('The bean counter is busy', 1, { code: 1, message: 'The bean counter is busy' }))).toMatchObject({ unlock: false });
    expect(paymentProblem(new Error('network down'))).toEqual({ message: 'network down', unlock: false });
  });

  it('[HUM-12] [HUM-07] polling stops on an order that was never paid instead of asking forever, and keeps asking while a paid run is pending', async () => {
    const answers = [{ status: 30, data: null }, { status: 40, data: null }, { status: 50, data: 'done' }];
    const sleeps: number[] = [];
    await expect(pollUntilData(async () => answers.shift()!, 1000, async (ms) => void sleeps.push(ms))).resolves.toEqual({ status: 50, data: 'done' });
    expect(sleeps).toEqual([1000, 1000]);
    for (const status of [0, 10, 20]) {
      let asks = 0;
      const guard = async () => {
        if (++asks > 3) throw new Error('still polling');
      };
      await expect(pollUntilData(async () => ({ status, data: null }), 1000, guard)).rejects.toBeInstanceOf(UnpaidRunError);
    }
    expect(openProblem(new UnpaidRunError())).toEqual({ key: 'tool.runUnpaid', unpaid: true });
    expect(openProblem(new ApiError('Order not found.', 1, { code: 1 }))).toEqual({ message: 'Order not found.' });
  });
});
