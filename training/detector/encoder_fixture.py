"""Writes tests/fixtures/models/encoder-v4-logits.json: the window logits that onnxruntime (Python) gives with the
committed server/engines/detector/model/encoder-v4.onnx for texts written for the test (no data set text), with the
Hugging Face tokenizer and train_encoder.windows_of. tests/unit/engines/detector-v4.test.ts holds the TypeScript
path (tokenizer, windows, onnxruntime-node) to them."""
import json

import numpy as np
import onnxruntime as ort
from transformers import AutoTokenizer

from train_encoder import ROOT, WINDOW, base_model_dir, windows_of

TEXTS = [
    "In today's rapidly evolving digital landscape, education stands at a crossroads. Technology offers unprecedented opportunities for personalized learning, yet it also raises important questions about equity and access. Ultimately, a balanced approach that leverages innovation while addressing these challenges is essential.",
    "i think school uniforms are a bad idea because you cant show who you are. my freind got in trouble for wearing a red hoodie last week and it wasnt even a big deal. teachers should care more about what we learn then what we wear.",
    ' '.join(['The committee met on Tuesday to review the budget, and after a long debate it agreed to fund the new library wing, though two members voted against the plan because of rising costs.'] * 12),
]


def main() -> None:
    tok = AutoTokenizer.from_pretrained(str(base_model_dir()))
    sess = ort.InferenceSession(str(ROOT / 'server/engines/detector/model/encoder-v4.onnx'), providers=['CPUExecutionProvider'])
    out = []
    for text in TEXTS:
        ids = tok(text, add_special_tokens=False)['input_ids']
        wins = windows_of(ids, tok.cls_token_id, tok.sep_token_id, WINDOW - 2)
        logits = []
        for w in wins:
            a = np.array([w], dtype=np.int64)
            logits.append(float(sess.run(None, {'input_ids': a, 'attention_mask': np.ones_like(a)})[0][0]))
        out.append({'text': text, 'windows': len(wins), 'logits': [round(v, 5) for v in logits]})
    path = ROOT / 'tests' / 'fixtures' / 'models' / 'encoder-v4-logits.json'
    path.write_text(json.dumps(out, indent=1) + '\n')
    print(f'wrote {len(out)} cases to {path}')


if __name__ == '__main__':
    main()
