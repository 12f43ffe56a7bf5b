import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { plagiarismPdfRequest, plagiarismRequest, plagiarismSettingsRequest } from '../../src/domain/endpoints/plagiarism.ts';
import { defaultExclusions } from '../../src/domain/plagiarism.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { acceptsFields } from '../plugins/multipart.ts';
import { ownPlagiarismReport, plagiarismResult, plagiarismSettings, updatePlagiarismSettings } from '../services/plagiarism.ts';
import type { RenderFile } from '../jobs/compute.ts';
import { pdfLocale } from '../plugins/errors.ts';
import { limitDownloads } from '../services/rate-limit.ts';

/** The plagiarism checker (spec §7 /api/plagiarism), its PDF, the library's size and the owner's setting. */
export function plagiarismRoutes(app: FastifyInstance, { db, key, render, ipAllowlist }: { db: Db; key: Uint8Array; render: RenderFile; ipAllowlist: readonly string[] }) {
  const authed = { preHandler: requireAuth(db, key) };

  // Spec §7: POST /api/plagiarism is multipart (orderNo).
  app.post(endpoints.plagiarism, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = plagiarismRequest.parse(request.body);
    return ok(await plagiarismResult(db, principalOf(request).userId, orderNo));
  });

  app.get(endpoints.plagiarismPdf, authed, async (request, reply) => {
    const query = plagiarismPdfRequest.parse(request.query);
    await limitDownloads(db, { userId: request.principal?.userId, ip: request.ip }, ipAllowlist);
    const report = await ownPlagiarismReport(db, principalOf(request).userId, query.orderNo);
    const exclusions = {
      quotes: query.quotes ?? defaultExclusions.quotes,
      bibliography: query.bibliography ?? defaultExclusions.bibliography,
      minWords: query.minWords ?? defaultExclusions.minWords,
      sources: query.sources ?? [],
    };
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="similarity-report-${report.submissionId}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(await render('plagiarismPdf', { report, exclusions, locale: pdfLocale(request) }));
  });

  app.get(endpoints.plagiarismSettings, authed, async (request) => ok(await plagiarismSettings(db, principalOf(request).userId)));

  app.post(endpoints.plagiarismSettings, authed, async (request) => {
    const input = plagiarismSettingsRequest.parse(request.body);
    return ok(await updatePlagiarismSettings(db, principalOf(request).userId, input));
  });
}
