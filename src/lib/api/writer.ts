import { endpoints } from '../../domain/endpoints/paths.ts';
import type { WriterAnswer } from '../../domain/writer.ts';
import { api } from './instance.ts';

// One typed function per AI writer endpoint (order type 11).
export const fetchWriting = (orderNo: string) => {
  const form = new FormData();
  form.set('orderNo', orderNo);
  return api<WriterAnswer>(endpoints.aiWrite, { method: 'POST', body: form, silent: true });
};
