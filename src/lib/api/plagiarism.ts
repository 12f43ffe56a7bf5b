import { endpoints } from '../../domain/endpoints/paths.ts';
import type { PlagiarismReport } from '../../domain/plagiarism.ts';
import { api } from './instance.ts';

// One typed function per plagiarism endpoint (spec §7 /api/plagiarism and ours beside it).
export interface PlagiarismAnswer {
  orderNo: string;
  status: number;
  data: PlagiarismReport | null;
}

export const fetchPlagiarism = (orderNo: string) => {
  const form = new FormData();
  form.set('orderNo', orderNo);
  return api<PlagiarismAnswer>(endpoints.plagiarism, { method: 'POST', body: form, silent: true });
};
export const fetchPlagiarismSettings = () => api<{ shareSubmissions: boolean }>(endpoints.plagiarismSettings, { silent: true });
export const savePlagiarismSettings = (shareSubmissions: boolean) =>
  api<{ shareSubmissions: boolean }>(endpoints.plagiarismSettings, { method: 'POST', body: { shareSubmissions }, silent: true });
