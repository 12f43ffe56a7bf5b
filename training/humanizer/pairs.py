"""Aligned paraphrase pairs for the humanizer's paraphraser (issue 27), from ../shared/datasets/essays.

Two sources pair a machine essay with a paraphrase of it:
  nyuad_course_answers  3,282 QuillBot rewrites in six modes (meta.paraphrase_of names the source answer)
  outfox_persuade       1,500 DIPPER rewrites (same prompt_id and generator as the source essay)
QuillBot joins paragraphs, so pairs are made at the sentence level: both texts are split into sentences and aligned
in order by a dynamic programme over content-word overlap (1-1, 1-2 and 2-1 steps), then consecutive aligned
sentences are grouped into spans of up to about 90 source words. A span is kept when its numbers survive and its
overlap says it is a paraphrase of the same content, not a different sentence.

Licences: the outfox repository is Apache-2.0 (its machine rows and their DIPPER rewrites are what we use); the
nyuad repository states none (research use only). `--permissive` keeps the outfox pairs only, for a model that a
commercial deployment may ship (the adapter's card says which one is committed).

Rows are split by prompt: prompts whose hash falls in the last tenth are held out (validation). Writes JSONL to
training/.cache/paraphrase-pairs.jsonl (a cache of the raw data; never committed). Seeded and deterministic.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / 'shared' / 'datasets' / 'essays'
OUT = ROOT / 'training' / '.cache' / 'paraphrase-pairs.jsonl'

STOP = set('a an the of to in on at for and or but is are was were be been being it its this that these those with as by from into'
           ' their his her our your they he she we you i which who whom what when where how also can could may might will would'
           ' has have had do does did not no so than then there here such more most very'.split())
SENT = re.compile(r'(?:(?<=[.!?])|(?<=[.!?]["”’)]))\s+(?=[A-Z0-9"“(])')
NUM = re.compile(r'\d[\d,.]*%?')
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
MAX_WORDS = 90


def sentences(text: str) -> list[str]:
    out: list[str] = []
    for para in re.split(r'\n+', text):
        para = para.strip()
        if para:
            out.extend(s.strip() for s in SENT.split(para) if s.strip())
    return out


def content(s: str) -> set[str]:
    return {w.lower()[:6] for w in WORD.findall(s) if w.lower() not in STOP}


def overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / max(1, min(len(a), len(b)))


def align(src: list[str], dst: list[str]) -> list[tuple[list[int], list[int], float]]:
    """Monotonic alignment of sentence lists; returns groups (source indices, target indices, overlap)."""
    cs, cd = [content(s) for s in src], [content(s) for s in dst]
    n, m = len(src), len(dst)
    neg = float('-inf')
    best = [[neg] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    skip = -0.2
    for i in range(n + 1):
        for j in range(m + 1):
            if best[i][j] == neg:
                continue
            for di, dj in ((1, 1), (1, 2), (2, 1), (1, 0), (0, 1)):
                a, b = i + di, j + dj
                if a > n or b > m:
                    continue
                if di and dj:
                    score = overlap(set().union(*cs[i:a]), set().union(*cd[j:b])) - (0.05 if di + dj > 2 else 0)
                else:
                    score = skip
                if best[i][j] + score > best[a][b]:
                    best[a][b] = best[i][j] + score
                    back[a][b] = (i, j)
    groups = []
    i, j = n, m
    while (i, j) != (0, 0):
        prev = back[i][j]
        if prev is None:
            break
        pi, pj = prev
        if i > pi and j > pj:
            groups.append((list(range(pi, i)), list(range(pj, j)), overlap(set().union(*cs[pi:i]), set().union(*cd[pj:j]))))
        i, j = pi, pj
    return groups[::-1]


def spans(src: list[str], dst: list[str], groups) -> list[tuple[str, str]]:
    """Consecutive well-aligned groups joined into spans of up to MAX_WORDS source words."""
    out: list[tuple[str, str]] = []
    cur_s: list[str] = []
    cur_d: list[str] = []
    last = -2

    def flush():
        if cur_s:
            out.append((' '.join(cur_s), ' '.join(cur_d)))
        cur_s.clear()
        cur_d.clear()

    for si, di, ov in groups:
        if ov < 0.35:
            flush()
            last = -2
            continue
        s_text = ' '.join(src[k] for k in si)
        if si[0] != last + 1 or len(' '.join(cur_s + [s_text]).split()) > MAX_WORDS:
            flush()
        cur_s.append(s_text)
        cur_d.append(' '.join(dst[k] for k in di))
        last = si[-1]
    flush()
    return out


def keep(s: str, d: str) -> bool:
    ws, wd = len(s.split()), len(d.split())
    if ws < 6 or wd < 4 or wd > 2.2 * ws or wd < 0.35 * ws:
        return False
    return all(n in d for n in NUM.findall(s))


def held_out(prompt: str) -> bool:
    return hashlib.sha256(prompt.encode()).digest()[0] >= 230


def read(path: Path):
    with open(path) as f:
        for line in f:
            yield json.loads(line)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', default=str(OUT))
    ap.add_argument('--permissive', action='store_true', help='only the Apache-2.0 outfox pairs (DIPPER)')
    args = ap.parse_args()
    pairs = []
    rows = [] if args.permissive else list(read(DATA / 'nyuad_course_answers' / 'data.jsonl'))
    by_id = {r['id'].lower(): r for r in rows if not r.get('attack')}
    for r in rows:
        if not r.get('attack'):
            continue
        src = by_id.get(('student and gpt responses/' + r['meta']['paraphrase_of']).lower())
        if not src:
            continue
        mode = r['attack'].split('_')[1]
        pairs.append((src, r, mode))
    rows = list(read(DATA / 'outfox_persuade' / 'data.jsonl'))
    plain = {(r['prompt_id'], r['generator']): r for r in rows if r['label'] == 'ai' and not r.get('attack')}
    for r in rows:
        if r.get('attack') == 'dipper_paraphrase':
            src = plain.get((r['prompt_id'], r['generator']))
            if src:
                pairs.append((src, r, 'dipper'))
    n = 0
    counts: dict[str, int] = {}
    OUTP = Path(args.out)
    OUTP.parent.mkdir(parents=True, exist_ok=True)
    with open(OUTP, 'w') as out:
        for src, para, mode in pairs:
            s, d = sentences(src['text']), sentences(para['text'])
            for a, b in spans(s, d, align(s, d)):
                if not keep(a, b):
                    continue
                prompt = src['prompt_id']
                out.write(json.dumps({'mode': mode, 'source': a, 'target': b, 'prompt': prompt, 'heldOut': held_out(prompt), 'from': para['id']}) + '\n')
                counts[mode] = counts.get(mode, 0) + 1
                n += 1
    print(f'wrote {n} aligned spans from {len(pairs)} paraphrased essays to {OUTP}: {counts}')


if __name__ == '__main__':
    main()
