/**
 * The humanizer (spec §2 Humanizer screen): source and result editors on
 * Tiptap, sample/paste/upload, price tip, Ultra, Humanize / Re-humanize, the
 * loading overlay, pager, legends, rating, copy, download, the detector
 * hand-off, `?orderNo=` read-only, notifications and debug mode. The flow
 * lives in src/stores/humanizer.ts; this renders it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $humanizerModel, loadHumanizerBackend } from '../../stores/humanizer-backend.ts';
import { humanizerLimits } from '../../domain/humanizer.ts';
import { wordLimitFor } from '../../domain/plans.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { humanizerDeps } from '../shared/tool-deps.ts';
import { $debugMode } from '../../stores/debug.ts';
import { createHumanizerFlow } from '../../stores/humanizer.ts';
import { $user } from '../../stores/user.ts';
import { Button, LinkButton } from '../shared/Button.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { RunError } from '../shared/editor/RunError.tsx';
import { SourcePanel } from '../shared/editor/SourcePanel.tsx';
import { langOf, MessagesProvider, translator } from '../shared/i18n.tsx';
import { Switch } from '../shared/Switch.tsx';
import { useHydrated } from '../shared/useHydrated.ts';
import { ResultPanel } from './ResultPanel.tsx';

/** The areas of the catalog this island shows. */
export const humanizerAreas = ['humanizer.', 'upload.', 'messages.', 'commerce.error.', 'tool.runContinues', 'tool.openHistory', 'tool.runUnpaid'] as const;
export type HumanizerMessages = AreaMessages<(typeof humanizerAreas)[number]>;

export interface HumanizerEditorProps {
  messages: HumanizerMessages;
  sampleText: string;
  links: { home: string; detector: string; premium: string; history: string };
  /** The home page has the AI detector below: the result goes straight to it. */
  embeddedDetector: boolean;
  /** The page is not in English: say the sample is. */
  sampleIsEnglish: boolean;
}

export function HumanizerEditor(props: HumanizerEditorProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Humanizer {...props} />
    </MessagesProvider>
  );
}

function Humanizer({ messages, sampleText, links, embeddedDetector, sampleIsEnglish }: HumanizerEditorProps) {
  const [t] = useState(() => translator(messages));
  const [flow] = useState(() => createHumanizerFlow(sampleText, humanizerDeps(t, { embeddedDetector })));
  const hydrated = useHydrated();
  const user = useStore($user);
  const debug = useStore($debugMode) && hydrated;
  const ultra = useStore(flow.$ultra);
  const running = useStore(flow.$running);
  const versions = useStore(flow.$versions);
  const current = useStore(flow.$current);
  const error = useStore(flow.$error);
  const price = useStore(flow.$price);
  const notifyDenied = useStore(flow.$notifyDenied);
  const dialog = useStore(flow.$dialog);
  const edited = useStore(flow.$edited);
  const sampleResult = useStore(flow.$sampleResult);
  const empty = useStore(flow.source.$isEmpty);
  const readOnly = useStore(flow.source.$readOnly);
  const [notifyHelp, setNotifyHelp] = useState(false);
  // Stored state (the user) shows only once live, so the server HTML and the first render agree.
  const level = hydrated && user.isLoginUser ? (user.userInfo.membershipLevel ?? 0) : 0;
  const atMax = versions.length >= humanizerLimits.maxVersions;

  useEffect(() => {
    void flow.start(new URLSearchParams(location.search));
  }, [flow]);
  useEffect(() => flow.userChanged(), [flow, user]);
  const model = useStore($humanizerModel);
  useEffect(() => void loadHumanizerBackend(), []);

  return (
    <div data-tool="humanizer">
      <div className="grid gap-4 lg:grid-cols-2">
        <SourcePanel
          source={flow.source}
          t={t}
          lang={langOf(messages)}
          prefix="hm"
          placeholder={t('humanizer.placeholder')}
          limit={wordLimitFor(level)}
          sampleIsEnglish={sampleIsEnglish}
          headerActions={
            debug && (
              <Button variant="icon" onClick={() => void flow.loadDebug()}>
                {t('humanizer.debugLoad')}
              </Button>
            )
          }
          footer={<Switch checked={ultra} onCheckedChange={(on) => flow.setUltra(on)} label={t('humanizer.ultra')} title={t('humanizer.ultraHint')} disabled={readOnly} />}
        />
        <ResultPanel flow={flow} t={t} versions={versions} current={current} running={running} detectorHref={links.detector} embeddedDetector={embeddedDetector} />
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
        {/* A finished result (?orderNo=) says so where the price would be: nothing above the editors moves. */}
        {readOnly ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('humanizer.readOnly')}{' '}
            <a className="font-semibold underline" href={links.home}>
              {t('humanizer.newRun')}
            </a>
          </p>
        ) : (
          <p className="text-sm text-slate-700" aria-live="polite">
            {price}
          </p>
        )}
        <RunError error={error} t={t} unlockHref={links.premium} historyHref={links.history} />
        <Button variant="secondary" disabled={versions.length === 0 || running || readOnly || atMax || edited} title={atMax ? t('humanizer.error.maxVersions') : undefined} onClick={() => void flow.rehumanize()}>
          {t('humanizer.rehumanize')}
        </Button>
        <Button variant="primary" disabled={empty || running || readOnly} onClick={() => void flow.humanize()}>
          {t('humanizer.humanize')}
        </Button>
      </div>
      {model === false && !readOnly && (
        <p className="mt-2 text-end text-sm text-amber-900" data-light-mode="">
          {t('humanizer.lightNotice')}
        </p>
      )}
      {versions.length > 0 && !readOnly && !sampleResult && (
        <p className="mt-2 text-end text-sm text-slate-700" aria-live="polite">
          {edited ? t('humanizer.editedNote') : atMax ? t('humanizer.error.maxVersions') : t('humanizer.versionsUsed', { used: versions.length, count: humanizerLimits.maxVersions })}
        </p>
      )}
      {notifyDenied && (
        <p className="mt-2 text-end text-sm text-slate-600">
          {t('humanizer.notifyDenied')}{' '}
          <button type="button" className="font-semibold text-brand-700 underline" aria-expanded={notifyHelp} onClick={() => setNotifyHelp(!notifyHelp)}>
            {t('humanizer.notifyEnable')}
          </button>{' '}
          {notifyHelp && <span>{t('humanizer.notifyHelp')}</span>}
        </p>
      )}

      <Dialog
        open={dialog !== null}
        onClose={() => flow.$dialog.set(null)}
        title={t('humanizer.planDialogTitle')}
        actions={
          <>
            <Button onClick={() => flow.$dialog.set(null)}>{t('humanizer.close')}</Button>
            <LinkButton variant="primary" className="px-4 py-2" href={links.premium}>
              {t('humanizer.tryPremium')}
            </LinkButton>
          </>
        }
      >
        <p className="mt-3 text-slate-700">{t(dialog === 'rehumanize' ? 'humanizer.rehumanizeDialogBody' : 'humanizer.ultraDialogBody')}</p>
      </Dialog>
    </div>
  );
}
