"""Writes tests/fixtures/models/wordpiece-cases.json: ids the Hugging Face tokenizer gives for strings written for
the test (no data set text), which tests/unit/models/wordpiece.test.ts holds the TypeScript tokenizer to."""
import json
from pathlib import Path

from transformers import AutoTokenizer

from train_encoder import ROOT, base_model_dir

CASES = [
    'In today\'s rapidly evolving digital landscape, students must navigate a myriad of challenges.',
    'Café, naïve, résumé, Ångström and Øresund: accents are stripped; ÆSIR stays.',
    'Numbers 3.14, 1,000,000 and dates (12/05/2024) — with dashes – and "quotes" and ‘single’ ones…',
    'E-mail me at ana@example.edu or visit https://example.org/path?x=1&y=2#top.',
    'Chinese 中文字符 mixed with 日本語 and 한국어 text, plus emoji 😀 and symbols ©®™.',
    'Tabs\tand\nnew lines\r\nand  double  spaces\u00a0and zero\u200bwidth and soft\u00adhyphen.',
    'Supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis.',
    'x' * 120 + ' is too long for one word',
    'Ελληνικά ΣΟΦΙΑ, русский ТЕКСТ, العربية, עברית, ไทย and Türkçe İstanbul ığdır.',
    'Don\'t, won\'t, it\'s, students\', the 1990s, COVID-19, U.S.A., e.g., i.e., etc.',
    '\u0000control\u0007chars\ufffdremoved\ufeff here',
]


def main() -> None:
    tok = AutoTokenizer.from_pretrained(str(base_model_dir()))
    out = [{'text': t, 'ids': tok(t, add_special_tokens=False)['input_ids']} for t in CASES]
    path = ROOT / 'tests' / 'fixtures' / 'models' / 'wordpiece-cases.json'
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + '\n')
    print(f'wrote {len(out)} cases to {path}')


if __name__ == '__main__':
    main()
