/**
 * The browser side of the tool flows (src/stores/humanizer.ts, detector.ts):
 * the API, the user, clipboard, notifications, uploads, downloads, timers and
 * navigation, wired once here so the flows stay testable without a DOM.
 */
import { endpoints } from '../../domain/endpoints/paths.ts';
import { humanizerLimits } from '../../domain/humanizer.ts';
import { handOff, takeHandoff } from '../../stores/handoff.ts';
import type { DetectorDeps } from '../../stores/detector.ts';
import type { HumanizerDeps } from '../../stores/humanizer.ts';
import type { ParseResponse, SourceDeps } from '../../stores/tool-source.ts';
import { showToast } from '../../stores/toast.ts';
import { $isLoggedIn, $user, ensureFreshToken, fetchBalance } from '../../stores/user.ts';
import * as toolsApi from '../../lib/api/tools.ts';
import { apiBase } from '../../lib/api/base.ts';
import { downloadWithToken } from '../../stores/download.ts';
import { keepFile, takeFile } from '../../lib/kept-files.ts';
import { pageLocale, redirectToSignup } from '../../lib/session.ts';
import { createUpload, uploadId } from '../../lib/upload.ts';


const loggedIn = () => $isLoggedIn.get();
const level = () => ($user.get().isLoginUser ? ($user.get().userInfo.membershipLevel ?? 0) : 0);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const log = (message: string, error: unknown) => console.error(message, error);

function sourceDeps(t: SourceDeps['t']): SourceDeps {
  return {
    t,
    toast: showToast,
    loggedIn,
    redirectToSignup: () => redirectToSignup(),
    readClipboard: () => (navigator.clipboard?.readText ? navigator.clipboard.readText() : undefined),
    upload: (file, onChange) =>
      createUpload<ParseResponse>(file, {
        action: `${apiBase()}${endpoints.uploadFileAndParse}`,
        fieldName: 'multipartFiles',
        data: { uploadId: uploadId() },
        headers: () => ({ authorization: `Bearer ${$user.get().accessToken}`, 'accept-language': pageLocale() }),
        limitBytes: humanizerLimits.uploadMaxBytes,
        isSuccess: (response) => String(response.code) === '0',
        onChange,
      }),
    keepFile: (tool, file) => keepFile(tool, file),
    takeFile: (tool) => takeFile(tool),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
  };
}

const common = {
  level,
  ensureFreshToken,
  fetchBalance,
  sleep,
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  writeClipboard: (text: string) => navigator.clipboard.writeText(text),
  alert: (message: string) => window.alert(message),
  log,
};

/** Everything the humanizer flow needs, from the browser. */
export function humanizerDeps(t: HumanizerDeps['t'], options: { embeddedDetector: boolean }): HumanizerDeps {
  return {
    ...sourceDeps(t),
    ...common,
    t,
    api: toolsApi,
    random: Math.random,
    notifications: {
      supported: () => typeof Notification !== 'undefined',
      permission: () => Notification.permission,
      request: () => Notification.requestPermission(),
      show: (title, body) => new Notification(title, { body }),
      pageHidden: () => document.hidden,
    },
    download: (orderNo) => downloadWithToken(`${apiBase()}${endpoints.downloadWord}?orderNo=${encodeURIComponent(orderNo)}`, 'wordprocessingml', `${orderNo}.docx`),
    handoffToDetector: (plain) => {
      handOff('toDetector', plain);
      return options.embeddedDetector;
    },
    takeHandoff: () => takeHandoff('toHumanizer'),
  };
}

/** The address of the shared report page for a token (the token stays in the fragment: never sent to servers or logs). */
export function sharedReportUrl(token: string): string {
  return `${location.origin}/${pageLocale()}/report#t=${encodeURIComponent(token)}`;
}

/** The PDF address for a share token. */
export function sharedPdfUrl(token: string): string {
  return `${apiBase()}${endpoints.reportSharedPdf}?token=${encodeURIComponent(token)}&locale=${encodeURIComponent(pageLocale())}`;
}

/** Everything the detector flow needs, from the browser. */
export function detectorDeps(t: DetectorDeps['t']): DetectorDeps {
  return {
    ...sourceDeps(t),
    ...common,
    t,
    api: toolsApi,
    downloadReport: (orderNo) => downloadWithToken(`${apiBase()}${endpoints.reportPdf}?orderNo=${encodeURIComponent(orderNo)}&locale=${encodeURIComponent(pageLocale())}`, 'application/pdf', `ai-report-${orderNo}.pdf`),
    sharedReportUrl,
    takeHandoff: () => takeHandoff('toDetector'),
    handOffToHumanizer: (text) => handOff('toHumanizer', text),
  };
}
