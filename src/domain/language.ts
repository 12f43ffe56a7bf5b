/**
 * The language check beside the spec's character rule (§5, `isMostlyEnglish`): German, French or Turkish prose is
 * written in Latin letters, so it passed the English-only tools' check, was charged and came back unchanged. An
 * offline trigram identifier (franc-min, MIT: the 82 languages with 8 million speakers or more) reads the text, and a
 * text is refused only when it clearly reads as another language.
 *
 * How clearly, measured on the datasets' English essays (native, second-language from CEFR A1 up, machine) cut into
 * pieces, against the 20 locale catalogs' prose cut the same way (`tests/unit/domain/language.test.ts` keeps both
 * sides): a short piece of English misreads often (7% at 10 words), so below `MIN_WORDS` nothing is refused; under 50
 * words the identifier's English score must fall under 0.9 of the best language's (0.08% of 20-word English pieces
 * refused, 93–99% of German, French, Spanish, Italian, Dutch, Polish, Portuguese, Turkish and Indonesian caught), from
 * 50 words under 0.95 (none of 11,776 English pieces refused, 95–100% of those languages caught). Danish and Finnish,
 * not in the identifier's set, are caught less often (51–95%).
 */
import { francAll } from 'franc-min';
import { countWords } from './word-count.ts';

/** Below this many words the identifier is not asked: English this short misreads too often. */
export const MIN_WORDS = 20;

/** True when the text clearly reads as a language other than English (see the module's note for the figures). */
export function readsAsOtherLanguage(text: string): boolean {
  const words = countWords(text);
  if (words < MIN_WORDS) return false;
  const scores = francAll(text, { minLength: 10 });
  const [best] = scores[0] ?? ['und', 1];
  if (best === 'eng' || best === 'und') return false;
  const english = scores.find(([code]) => code === 'eng')?.[1] ?? 0;
  return english < (words < 50 ? 0.9 : 0.95);
}
