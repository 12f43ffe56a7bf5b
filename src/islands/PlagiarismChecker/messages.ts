/** The island's own messages (its area's keys only, passed by the page) and the translator of every island (plural forms included). */
export { translator, type Messages } from '../shared/i18n.tsx';

/** The text of a problem: a key of the catalog, or a message the server already translated. */
export { problemText } from '../../stores/tool-run.ts';
