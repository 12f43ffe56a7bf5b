import { endpoints } from '../../domain/endpoints/paths.ts';
import type { RewriteAnswer, RewriteModesAnswer } from '../../domain/rewriter.ts';
import { api } from './instance.ts';

// One typed function per rewriter endpoint (spec §7 /api/copyRewrite, multipart orderNo).
export const fetchRewrite = (orderNo: string) => {
  const form = new FormData();
  form.set('orderNo', orderNo);
  return api<RewriteAnswer>(endpoints.copyRewrite, { method: 'POST', body: form, silent: true });
};
export const fetchRewriteModes = () => api<RewriteModesAnswer>(endpoints.copyRewriteModes, { silent: true });
