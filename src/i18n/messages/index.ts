import en from './en.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };
import zhTW from './zh-TW.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import ko from './ko.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import ar from './ar.json' with { type: 'json' };
import th from './th.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import id from './in.json' with { type: 'json' };
import el from './el.json' with { type: 'json' };
import fi from './fi.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import da from './da.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import type { Locale } from '../locales.ts';

/** The English catalog's shape: the source of truth for keys. */
export type Messages = typeof en;


/** The English catalog, the fallback for a missing entry. */
export const english: Messages = en;

/** Every locale's interface strings (`src/i18n/messages/<locale>.json`). */


export const catalogs: Record<Locale, Partial<Messages>> = {
  en, zh, 'zh-TW': zhTW, ja, ko, es, fr, ru, ar, th, de, in: id, el, fi, pt, pl, da, nl, tr, it,
};
