/**
 * The shared report page (/report#t=…): the report behind a share token, with
 * its public PDF. The token travels in the fragment, so it never reaches a
 * server log or a Referer header.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import { sharedPdfUrl } from '../shared/tool-deps.ts';
import { $sharedReport, openSharedReport } from '../../stores/shared-report.ts';
import { ReportView } from '../DetectorEditor/ReportView.tsx';
import { buttonClass } from '../shared/Button.tsx';
import { MessagesProvider, translator } from '../shared/i18n.tsx';

export const sharedReportAreas = ['report.'] as const;

export interface SharedReportProps {
  messages: AreaMessages<(typeof sharedReportAreas)[number]>;
  lang: string;
}

export function SharedReport({ messages, lang }: SharedReportProps) {
  const [t] = useState(() => translator(messages));
  const state = useStore($sharedReport);
  useEffect(() => {
    void openSharedReport(new URLSearchParams(location.hash.slice(1)).get('t') ?? '', t('report.loadFailed'));
  }, [t]);
  return (
    <MessagesProvider messages={messages}>
      <div className="min-h-[60vh]">
        {state.error && (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800" role="alert">
            {state.error}
          </p>
        )}
        {state.report && (
          <>
            <a className={buttonClass.action} href={sharedPdfUrl(state.token)}>
              {t('report.publicPdf')}
            </a>
            <ReportView report={state.report} t={t} lang={lang} />
          </>
        )}
      </div>
    </MessagesProvider>
  );
}
