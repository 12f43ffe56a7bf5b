import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriterAnswer } from '../../../src/domain/writer.ts';
import { AIWriter } from '../../../src/islands/AIWriter/AIWriter.tsx';
import { writerMessages } from '../../../src/islands/AIWriter/page-messages.ts';
import { translate } from '../../../src/i18n/translate.ts';
import { ApiError } from '../../../src/lib/api/client.ts';
import * as enginesApi from '../../../src/lib/api/engines.ts';
import * as toolsApi from '../../../src/lib/api/tools.ts';
import * as writerApi from '../../../src/lib/api/writer.ts';
import { $writerLlm, resetWriter } from '../../../src/stores/writer.ts';
import { $user, emptyUser } from '../../../src/stores/user.ts';

const answer: WriterAnswer = {
  orderNo: 'IWW1',
  status: 50,
  rawInputData: 'Phones at school',
  data: {
    topic: 'Phones at school',
    essayType: 'argumentative',
    length: 300,
    sources: ['Twenge (2017). Sleep loss.'],
    sections: [
      { role: 'introduction', point: null, sources: [], words: 36 },
      { role: 'claim', index: 1, point: 'Phones harm sleep', sources: [0], words: 110 },
      { role: 'claim', index: 2, point: null, sources: [], words: 110 },
      { role: 'counterargument', point: null, sources: [], words: 45 },
      { role: 'conclusion', point: null, sources: [], words: 30 },
    ],
    backend: 'offline',
    draft: null,
    note: 'noLlm',
  },
};

vi.mock('../../../src/lib/api/tools.ts', () => ({
  quoteTool: vi.fn(async () => ({ productSettlements: { '11': { showPrice: 10, payPrice: 10, unit: 'beans' } }, wordCount: 3 })),
  createToolOrder: vi.fn(async () => ({ orderNo: 'IWW1', status: 0 })),
  payToolOrder: vi.fn(async () => ({ orderNo: 'IWW1', status: 30, paid: true })),
}));
vi.mock('../../../src/lib/api/writer.ts', () => ({
  fetchWriting: vi.fn(async () => answer),
}));
const { engineStatus } = vi.hoisted(() => ({ engineStatus: (llm: boolean) => ({ humanizer: { model: false }, writer: { llm: llm }, references: { online: false }, plagiarism: { documents: 0, web: false } }) }));
vi.mock('../../../src/lib/api/engines.ts', () => ({ fetchEngineStatus: vi.fn(async () => engineStatus(false)) }));
vi.mock('../../../src/stores/user.ts', async (original) => ({ ...(await original<typeof import('../../../src/stores/user.ts')>()), fetchBalance: vi.fn(async () => undefined) }));

describe('AIWriter', () => {
  beforeEach(() => {
    resetWriter();
    $writerLlm.set(null);
    $user.set({ ...emptyUser, isLoginUser: true, accessToken: 'token', userInfo: { membershipLevel: 0 } });
    vi.clearAllMocks();
  });

  it('[TOOL-06] says before a run that no language model is configured, then shows the outline with the evidence per claim', async () => {
    render(<AIWriter messages={writerMessages('de')} pricingPath="/de/try-premium" />);
    expect(await screen.findByText(/Auf dieser Website ist kein Sprachmodell eingerichtet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Thema'), { target: { value: 'Phones at school' } });
    fireEvent.change(screen.getByLabelText('Länge (Wörter)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Deine Gliederung (optional)'), { target: { value: ' Phones harm sleep \n\n' } });
    fireEvent.change(screen.getByLabelText('Deine Quellen (optional)'), { target: { value: 'Twenge (2017). Sleep loss.' } });
    // It cannot draft here: the outline is free, so no price is shown and the button says what it makes.
    expect(screen.getByText(/die Gliederung kostenlos: Es werden keine Bohnen abgezogen/)).toBeTruthy();
    expect(document.querySelector('[data-price]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Gliederung erstellen' }));
    const outline = await screen.findByRole('region', { name: 'Gliederung' });
    expect(toolsApi.createToolOrder).toHaveBeenCalledWith(11, 'Phones at school', { essayType: 'argumentative', length: 300, outline: ['Phones harm sleep'], sources: ['Twenge (2017). Sleep loss.'] });
    expect(within(outline).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Einleitung', 'These 1', 'These 2', 'Gegenargument', 'Schluss']);
    expect(within(outline).getByRole('note').textContent).toMatch(/kein Sprachmodell/);
    expect(outline.querySelector('[data-evidence]')!.textContent).toBe('[1] Twenge (2017). Sleep loss.');
    expect(within(outline).getByText('Noch keine deiner Quellen stützt diese These.')).toBeTruthy();
    expect(writerApi.fetchWriting).toHaveBeenCalledWith('IWW1');
  });

  it('[TOOL-06] [HUM-06] once a topic is typed the price of the run is shown before writing, and cleared with the topic', async () => {
    vi.mocked(enginesApi.fetchEngineStatus).mockResolvedValueOnce(engineStatus(true));
    render(<AIWriter messages={writerMessages('fr')} pricingPath="/fr/try-premium" />);
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: 'Phones at school' } });
    expect(await screen.findByText('Coûte 10 grains')).toBeTruthy();
    // Priced by the length asked for (the default 600 words), not by the topic's words (issue 29).
    expect(toolsApi.quoteTool).toHaveBeenCalledWith(11, 'Phones at school', false, expect.anything(), { length: 600 });
    fireEvent.change(screen.getByLabelText('Sujet'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Coûte 10 grains')).toBeNull());
  });

  it('[HUM-23] [TOOL-06] the network failing while a paid run is polled says the run goes on and links the history', async () => {
    // Spec §8: a polling error is logged (here into a spy, not the test output).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(writerApi.fetchWriting).mockRejectedValueOnce(new ApiError('Wir erreichen den Server nicht.', 2));
    vi.mocked(enginesApi.fetchEngineStatus).mockResolvedValueOnce(engineStatus(true));
    render(<AIWriter messages={writerMessages('de')} pricingPath="/de/try-premium" historyPath="/de/history" />);
    fireEvent.change(screen.getByLabelText('Thema'), { target: { value: 'Phones at school' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schreiben' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wir erreichen den Server nicht.');
    expect(screen.getByText(translate('de', 'tool.runContinues'))).toBeTruthy();
    expect(screen.getByRole('link', { name: translate('de', 'tool.openHistory') }).getAttribute('href')).toBe('/de/history');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('[TOOL-06] a length out of range is refused before any order', async () => {
    vi.mocked(enginesApi.fetchEngineStatus).mockResolvedValueOnce(engineStatus(true));
    render(<AIWriter messages={writerMessages('en')} pricingPath="/en/try-premium" />);
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Phones' } });
    fireEvent.change(screen.getByLabelText('Length (words)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a length between 150 and 3,000 words.');
    expect(toolsApi.createToolOrder).not.toHaveBeenCalled();
  });
});
