import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { downloadWordRequest, humanizerRequest, humanizerSampleRequest, orderRatingRequest, reportTokenRequest } from '../../src/domain/endpoints/tools.ts';
import { humanizerLimits, uploadKindOf } from '../../src/domain/humanizer.ts';
import { countWords } from '../../src/domain/word-count.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { acceptsFields, acceptsFile } from '../plugins/multipart.ts';
import { pdfLocale, requestLocale } from '../plugins/errors.ts';
import { translate } from '../../src/i18n/translate.ts';
import { extractDocument } from '../services/documents.ts';
import { humanizerResult, rateOrder, resultDocx } from '../services/tool-results.ts';
import { detectionResult, ownReport, reportResult, revokeReportShare, sharedReport, shareReport } from '../services/detections.ts';
import { limitDownloads } from '../services/rate-limit.ts';
import type { RenderFile } from '../jobs/compute.ts';
import { detectorSample, humanizerSample } from '../services/samples.ts';
import { referenceResult } from '../services/references.ts';

/** A file part as the multipart plugin hands it over (see app.ts onFile). */
interface FilePart {
  filename: string;
  mimetype: string;
  data: Buffer;
}
const isFilePart = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && Buffer.isBuffer((v as FilePart).data);

/** Results, ratings, downloads and uploads of the tool runs (spec §7). */
export function toolRoutes(app: FastifyInstance, { db, key, render, ipAllowlist }: { db: Db; key: Uint8Array; render: RenderFile; ipAllowlist: readonly string[] }) {
  const authed = { preHandler: requireAuth(db, key) };

  app.post(endpoints.humanizer, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok(await humanizerResult(db, principalOf(request).userId, orderNo));
  });

  // The sample's fake order: the engine's output for our own sample text, free and public.
  app.post(endpoints.humanizerSample, async (request) => {
    const { isUltra } = humanizerSampleRequest.parse(request.body ?? {});
    return ok(humanizerSample(isUltra === true));
  });

  app.post(endpoints.orderRating, authed, async (request) => {
    await rateOrder(db, principalOf(request).userId, orderRatingRequest.parse(request.body));
    return ok(null);
  });

  app.get(endpoints.downloadWord, authed, async (request, reply) => {
    const { orderNo } = downloadWordRequest.parse(request.query);
    await limitDownloads(db, { userId: request.principal?.userId, ip: request.ip }, ipAllowlist);
    const { text, title, filename } = await resultDocx(db, principalOf(request).userId, orderNo);
    const file = await render('wordFile', { text, title });
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file);
  });

  // Debug mode's test content (spec §7 /api/tiptaptest): a marked-up sample for checking the editors.
  app.post(endpoints.tiptapTest, async () => {
    return ok({ ...humanizerSample(false), orderNo: 'tiptaptest' });
  });

  // uploadFileAndParse answers code '0' or 999 with errorMsg (spec §7), never the usual envelope.
  app.post(
    endpoints.uploadFileAndParse,
    {
      preHandler: requireAuth(db, key),
      ...acceptsFile,
      errorHandler: (error: Error & { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply) => {
        if (error instanceof AppError && error.status === 401) return reply.code(401).send({ code: 401, message: translate(requestLocale(request), error.messageKey) });
        const messageKey = error instanceof AppError ? error.messageKey : error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'upload.error.tooLarge' : 'upload.error.failed';
        if (!(error instanceof AppError)) request.log.warn({ err: error }, 'upload refused');
        return reply.code(200).send({ code: 999, errorMsg: translate(requestLocale(request), messageKey) });
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const files = ([] as unknown[]).concat(body.multipartFiles ?? body.file ?? []).filter(isFilePart);
      const file = files[0];
      if (!file) throw new AppError(999, 'upload.error.noFile');
      if (file.data.length > humanizerLimits.uploadMaxBytes) throw new AppError(999, 'upload.error.tooLarge');
      if (!uploadKindOf(file.filename, file.mimetype)) throw new AppError(999, 'upload.error.type');
      const content = await extractDocument(file.data, principalOf(request).userId);
      return { code: '0', content, wordCount: countWords(content), uploadId: typeof body.uploadId === 'string' ? body.uploadId.slice(0, 64) : null, fileName: file.filename };
    },
  );
}

/** The AI detector, the Turnitin-style report, its PDF and its share links (spec §7 /api/aiDetect, /api/turnitinReport). */
export function detectorRoutes(app: FastifyInstance, { db, key, render, ipAllowlist }: { db: Db; key: Uint8Array; render: RenderFile; ipAllowlist: readonly string[] }) {
  const authed = { preHandler: requireAuth(db, key) };

  // The sample's free check, like the humanizer's sample run: our own text only, computed once.
  app.post(endpoints.detectorSample, async () => ok(detectorSample()));
  const sendPdf = (reply: FastifyReply, file: Buffer, name: string) =>
    reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(file);

  app.post(endpoints.aiDetect, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok(await detectionResult(db, principalOf(request).userId, orderNo));
  });

  // The reference checker (spec §7 /api/refValid, multipart orderNo): `data` stays null until the check is done.
  app.post(endpoints.refValid, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok(await referenceResult(db, principalOf(request).userId, orderNo));
  });

  app.post(endpoints.turnitinReport, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok(await reportResult(db, principalOf(request).userId, orderNo));
  });

  app.get(endpoints.reportPdf, authed, async (request, reply) => {
    const { orderNo } = downloadWordRequest.parse(request.query);
    await limitDownloads(db, { userId: request.principal?.userId, ip: request.ip }, ipAllowlist);
    const report = await ownReport(db, principalOf(request).userId, orderNo);
    return sendPdf(reply, await render('reportPdf', { report, locale: pdfLocale(request) }), `ai-report-${report.submissionId}.pdf`);
  });

  app.post(endpoints.reportShare, authed, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    return ok({ token: await shareReport(db, principalOf(request).userId, orderNo) });
  });

  app.post(endpoints.reportRevoke, authed, async (request) => {
    const { orderNo } = humanizerRequest.parse(request.body);
    await revokeReportShare(db, principalOf(request).userId, orderNo);
    return ok(null);
  });

  // Whoever holds the link may read the report; nothing else about the owner is exposed.
  app.get(endpoints.reportShared, async (request, reply) => {
    const { token } = reportTokenRequest.parse(request.query);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return ok(await sharedReport(db, token));
  });

  app.get(endpoints.reportSharedPdf, async (request, reply) => {
    const { token } = reportTokenRequest.parse(request.query);
    // Anyone holding the link may download: limited per address, rendered once per report and language.
    await limitDownloads(db, { userId: request.principal?.userId, ip: request.ip }, ipAllowlist);
    const report = await sharedReport(db, token);
    return sendPdf(reply, await render('reportPdf', { report, locale: pdfLocale(request) }), `ai-report-${report.submissionId}.pdf`);
  });
}
