import { endpoints } from '../../domain/endpoints/paths.ts';
import type { HumanizerResult } from '../../domain/humanizer.ts';
import type { RewriteSettings } from '../../domain/rewriter.ts';
import type { WriterRequest } from '../../domain/writer.ts';
import type { Detection, Report } from '../../domain/detector.ts';
import type { ReferenceReport } from '../../domain/references.ts';
import { api } from './instance.ts';

// One typed function per tool endpoint used by the editors.
export interface Quote {
  productSettlements: Record<string, { showPrice: number; payPrice: number; unit: string }>;
  wordCount: number;
}
export type SampleResult = Pick<HumanizerResult, 'data' | 'dataWithoutFormat' | 'rawInputData' | 'orderGroup' | 'isUltra'>;

/** Whether this installation looks references up online (Crossref, OpenAlex) or runs the offline checks only. */
export const quoteTool = (productId: number, content: string, isUltra: boolean, signal?: AbortSignal, extra: { length?: number } = {}) =>
  api<Quote>(endpoints.quote, { method: 'POST', body: { products: [{ productId, count: 1, content }], extraInfo: { isUltra, ...extra } }, silent: true, signal });
export const createToolOrder = (productId: number, content: string | undefined, extraInfo: { isUltra?: boolean; originOrderNo?: string; fileName?: string } & Partial<RewriteSettings> & Partial<WriterRequest>) =>
  api<{ orderNo: string; status: number }>(endpoints.createOrder, { method: 'POST', body: { productId, content, extraInfo }, silent: true });
export const payToolOrder = (orderNo: string) => api<{ orderNo: string; status: number; paid: boolean; balance?: number }>(endpoints.createPayment, { method: 'POST', body: { orderNo }, silent: true });
export const fetchHumanizerResult = (orderNo: string) => {
  const form = new FormData();
  form.set('orderNo', orderNo);
  return api<HumanizerResult>(endpoints.humanizer, { method: 'POST', body: form, silent: true });
};
export const runSample = (isUltra: boolean) => api<SampleResult>(endpoints.humanizerSample, { method: 'POST', body: { isUltra }, silent: true });
export const fetchTestContent = () => api<SampleResult>(endpoints.tiptapTest, { method: 'POST', body: {} });
export const rateResult = (orderNo: string, rating: number, comment = '') => api<null>(endpoints.orderRating, { method: 'POST', body: { orderNo, rating, comment }, silent: true });

export interface DetectionAnswer {
  orderNo: string;
  status: number;
  data: Detection | null;
}
export interface ReportAnswer {
  orderNo: string;
  status: number;
  data: Report | null;
  shared: boolean;
}
const byOrderNo = (orderNo: string) => {
  const form = new FormData();
  form.set('orderNo', orderNo);
  return form;
};
export const fetchDetection = (orderNo: string) => api<DetectionAnswer>(endpoints.aiDetect, { method: 'POST', body: byOrderNo(orderNo), silent: true });
export const fetchReport = (orderNo: string) => api<ReportAnswer>(endpoints.turnitinReport, { method: 'POST', body: byOrderNo(orderNo), silent: true });
export const runDetectorSample = () => api<Detection>(endpoints.detectorSample, { method: 'POST', body: {}, silent: true });
export const shareReport = (orderNo: string) => api<{ token: string }>(endpoints.reportShare, { method: 'POST', body: { orderNo }, silent: true });
export const revokeReport = (orderNo: string) => api<null>(endpoints.reportRevoke, { method: 'POST', body: { orderNo }, silent: true });
export const fetchSharedReport = (token: string) => api<Report>(endpoints.reportShared, { query: { token }, silent: true });

export interface ReferenceCheckAnswer {
  orderNo: string;
  status: number;
  data: ReferenceReport | null;
  /** The text that was checked. */
  source: string;
}
/** POST /api/refValid (spec §7, multipart orderNo): the reference check of an order, `data` null while it runs. */
export const fetchReferenceCheck = (orderNo: string) => api<ReferenceCheckAnswer>(endpoints.refValid, { method: 'POST', body: byOrderNo(orderNo), silent: true });
