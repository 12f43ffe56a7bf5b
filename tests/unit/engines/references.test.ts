import { describe, expect, it } from 'vitest';
import { analyzeReferences, checkReferences, judge, parseReference, recordFromCrossref, recordFromOpenAlex, titleSimilarity, type Lookup } from '../../../server/engines/references/index.ts';
import { arxivIn, isValidArxivId, isValidIsbn, isValidIssn, isWellFormedDoi, normalizeDoi } from '../../../server/engines/references/identifiers.ts';
import { findReferenceList, inputFormatOf, splitEntries } from '../../../server/engines/references/list.ts';
import { cleanField, cleanPages, parseNames, urlIn, volumeAndIssue } from '../../../server/engines/references/fields.ts';
import { decoderOf, type SequenceModel, type TokenConstraint } from '../../../server/engines/references/sequence.ts';
import { tokenConstraints } from '../../../server/engines/references/features.ts';
import { labelReference } from '../../../server/engines/references/parse.ts';
import { tokenize } from '../../../server/engines/references/tokens.ts';
import { f1 } from '../../../server/engines/references/train/metrics.ts';
import { scoreOwnReferences } from '../../support/references-own.ts';
import { retryAfterMs } from '../../../server/services/reference-lookup.ts';
import { loadConfig } from '../../../server/config.ts';

/**
 * A small labelled fixture of our own: one article in each of the six styles with the fields a reader would
 * extract. The parser must get every field right on all of them.
 */
const styled = [
  {
    style: 'apa',
    text: 'Yeager, D. S., Hanselman, P., Walton, G. M., & Dweck, C. S. (2019). A national experiment reveals where a growth mindset improves achievement. Nature, 573(7774), 364–369. https://doi.org/10.1038/s41586-019-1466-y',
    fields: { year: 2019, title: 'A national experiment reveals where a growth mindset improves achievement', container: 'Nature', volume: '573', issue: '7774', pages: '364-369', doi: '10.1038/s41586-019-1466-y' },
    authors: ['Yeager', 'Hanselman', 'Walton', 'Dweck'],
  },
  {
    style: 'mla',
    text: 'Baldwin, James. "Stranger in the Village." Harper\'s Magazine, vol. 207, no. 1241, 1953, pp. 42-48.',
    fields: { year: 1953, title: 'Stranger in the Village', container: "Harper's Magazine", volume: '207', issue: '1241', pages: '42-48' },
    authors: ['Baldwin'],
  },
  {
    style: 'chicago',
    text: 'Darnton, Robert. "What Is the History of Books?" Daedalus 111, no. 3 (1982): 65–83.',
    fields: { year: 1982, title: 'What Is the History of Books?', container: 'Daedalus', volume: '111', issue: '3', pages: '65-83' },
    authors: ['Darnton'],
  },
  {
    style: 'harvard',
    text: "Granovetter, M.S. (1973) 'The strength of weak ties', American Journal of Sociology, 78(6), pp. 1360–1380.",
    fields: { year: 1973, title: 'The strength of weak ties', container: 'American Journal of Sociology', volume: '78', issue: '6', pages: '1360-1380' },
    authors: ['Granovetter'],
  },
  {
    style: 'ieee',
    text: '[3] Y. LeCun, Y. Bengio, and G. Hinton, "Deep learning," Nature, vol. 521, no. 7553, pp. 436–444, 2015.',
    fields: { year: 2015, title: 'Deep learning', container: 'Nature', volume: '521', issue: '7553', pages: '436-444' },
    authors: ['LeCun', 'Bengio', 'Hinton'],
  },
  {
    style: 'vancouver',
    text: '7. Walker MP, Stickgold R. Sleep-dependent learning and memory consolidation. Neuron. 2004;44(1):121-33.',
    fields: { year: 2004, title: 'Sleep-dependent learning and memory consolidation', container: 'Neuron', volume: '44', issue: '1', pages: '121-33' },
    authors: ['Walker', 'Stickgold'],
  },
] as const;

/** The tokens of a reference whose decoding constraint passes `test`, joined: the stretch a decoding rule holds. */
function heldTokens(text: string, test: (c: TokenConstraint | null) => boolean): string {
  const tokens = tokenize(text);
  const constraints = tokenConstraints(tokens);
  return tokens.filter((_, i) => test(constraints[i] ?? null)).map((t) => t.text).join(' ');
}

/** A reference's tokens that decoding holds to one label, joined. */
const heldTo = (label: string) => (text: string) => heldTokens(text, (c) => c?.only?.[0] === label);

describe('reference parser', () => {
  it.each(styled)('[TOOL-05] reads every field of a $style entry', ({ text, fields, authors }) => {
    const parsed = parseReference(text);
    expect(parsed).toMatchObject(fields);
    expect(parsed.authors.map((a) => a.family)).toEqual(authors);
  });

  it('[TOOL-05] never starts a second span of a one-span field, and leaves a path that keeps the rule unchanged', () => {
    // Token features pull towards title, container, title: the best free path re-enters "title".
    const model: SequenceModel = {
      labels: ['container', 'title'],
      transitions: [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      weights: { t: [1, 2], c: [0, 2], weak: [1, 0.5] },
    };
    const tokens = { nodes: [['t'], ['t'], ['c'], ['weak']] };
    expect(decoderOf(model).decode(tokens)).toEqual([1, 1, 0, 1]);
    // With the rule, the last token cannot go back to "title": it stays in the container.
    expect(decoderOf(model, { once: ['title', 'container'] }).decode(tokens)).toEqual([1, 1, 0, 0]);
    // A path that keeps the rule is the same with or without it.
    const clean = { nodes: [['t'], ['c'], ['c']] };
    expect(decoderOf(model, { once: ['title', 'container'] }).decode(clean)).toEqual(decoderOf(model).decode(clean));
  });

  it('[TOOL-05] never gives a label its token cannot hold, whatever the weights say', () => {
    const model: SequenceModel = { labels: ['doi', 'note'], transitions: [[0, 0], [0, 0], [0, 0]], weights: { x: [0, 5, 1, 1] } };
    const nodes = [['x'], ['x']];
    expect(decoderOf(model).decode({ nodes })).toEqual([0, 0]);
    expect(decoderOf(model).decode({ nodes, constraints: [{ never: ['doi'] }, null] })).toEqual([1, 0]);
    expect(decoderOf(model).decode({ nodes, constraints: [{ only: ['note'] }, { only: ['note'] }] })).toEqual([1, 1]);
    // When a token's text and one span per field cannot both hold, the text wins: two tokens held to "doi" with a
    // "note" between them keep their label though "doi" then has two spans.
    const three = [['x'], ['x'], ['x']];
    const split = [{ only: ['doi'] }, { only: ['note'] }, { only: ['doi'] }];
    expect(decoderOf(model, { once: ['doi'] }).decode({ nodes: three, constraints: split })).toEqual([0, 1, 0]);
  });

  it('[TOOL-05] never lets a list of names turn from authors into editors half-way', () => {
    // "Binstock, R. H., & George, L. K. (Eds.)": the first names pull towards author, the last towards editor.
    const model: SequenceModel = { labels: ['author', 'editor'], transitions: [[0, 0], [0, 0], [0, 0]], weights: { a: [0, 1, 1, 0.5], e: [1, 3] } };
    const nodes = [['a'], ['a'], ['e']];
    expect(decoderOf(model).decode({ nodes })).toEqual([0, 0, 1]);
    // Without the switch the list is one span: here the editor mark outweighs the names' lean.
    expect(decoderOf(model, { forbid: [['author', 'editor']] }).decode({ nodes })).toEqual([1, 1, 1]);
    // The reference parser decodes with the rule.
    expect(parseReference('Binstock, R. H., & George, L. K. (Eds.). (1990). Handbook of aging and the social sciences (3rd ed.). New York: Academic Press.')).toMatchObject({ authors: [], editors: [{ family: 'Binstock' }, { family: 'George' }] });
  });

  it('[TOOL-05] keeps a book named after "In" apart from the editors an editor mark introduces, and a translator out of the editors', () => {
    const never = (text: string) => heldTokens(text, (c) => c?.never?.includes('editor') === true || (c?.only !== undefined && !c.only.includes('editor')));
    // The mark introduces names: the stretch from "In" to it is the book.
    expect(never('Wormald, Patrick. “Bede and Benedict Biscop.” In Famulus Christi, ed. Gerald Bonner. London, 1976.')).toBe('In Famulus Christi,');
    expect(never('Otter. “Title.” In Melville and Aesthetics, edited by Samuel Otter and Geoffrey Sanborn, 137-55.')).toBe('In Melville and Aesthetics, 137-55.');
    expect(never('M. Gerken, ``Photonic nanostructures,\'\' in Optics East (M. F. Lipson, G. Barbastathis, and K. Asakawa, eds.), pp. 82--96.')).toBe('in Optics East pp. 82--96.');
    expect(never('Thompson. Title, (2011) in College and the Academic Community, eds. Mark O’Connor and Piotr Wilczek, Boston.')).toBe('in College and the Academic Community,');
    // The mark closes the names: the names are left to the model, the rest of the unit is the book.
    expect(never('Allen, S. 2003. Title. In J. W. Du Bois, L. E. Kumpf, & W. J. Ashby (eds.), Preferred argument structure.')).toBe('Preferred argument structure.');
    expect(never('Snoad, B. 1969. Neoplasm. In: C. D. Darlington & K. R. Lewis, eds. Chromosomes today. Edinburgh: Oliver-Boyd.')).toBe('Chromosomes today.');
    // The book, its comma, then only names up to the closing mark: the book is the book, also after "In:".
    expect(never('Vorlow, C. (2005). Complex dynamics, in New Trends in Economics, Diebolt, C., and Kyrtsou, C., (eds.), Springer.')).toBe('in New Trends in Economics, Springer.');
    expect(never('Walter, D.E., 2009. Mites. In: A Manual of Acarology, Krantz G.W and D.E. Walter Eds., Third Edition.')).toBe('In: A Manual of Acarology, Third Edition.');
    // A list of names holds commas of its own, and a book's title a word in lower case.
    expect(never('Allen, S. 2003. Title. In Smith, J., & Jones, K. (Eds.), Preferred argument structure.')).toBe('Preferred argument structure.');
    expect(never('Allen, S. 2003. Title. In John Smith, Kate Jones, and Lee Park (eds.), Preferred argument structure.')).toBe('Preferred argument structure.');
    // What follows the mark is a title, or IEEE's "Name, Ed." closes the names: the names are left to the model (the
    // proceedings before IEEE's names are the book, as above).
    expect(never('Aaronfreed, Justin. “Moral Development.” in Bill Puka, ed. Moral Development: Defining Perspectives, Vol. 1.')).toBe('Moral Development: Vol. 1.');
    expect(never('Cousot, P. 1978. Title. In Proceedings of the IFIP Conference, E. Neuhold, Ed., North-Holland, 237-277.')).toBe('In Proceedings of the IFIP Conference, North-Holland, 237-277.');
    // A translator's mark and the names it opens are never an editor's; "(ed. and trans.)" stays with the editor.
    expect(never('Héring, Jean. The Second Epistle. Translated by A. W. Heathcote and P. J. Allcock. Eugene: Wipf & Stock, 1967.')).toBe('Translated by A. W. Heathcote and P. J. Allcock. Eugene: Wipf & Stock,');
    expect(never('Schelling, F. W. J., Philosophy of Art, Douglas W. Stott (ed. and trans.) (Minneapolis, MN: University of Minnesota Press, 1989).')).toBe('');
    expect(parseReference('Wormald, Patrick. “Bede and Benedict Biscop.” In Famulus Christi, ed. Gerald Bonner. London, 1976. Pp. 3–29.')).toMatchObject({ container: 'Famulus Christi', editors: [{ family: 'Bonner' }] });
    expect(parseReference('Deleuze, Gilles. “Bartleby; or, the Formula.” In Essays: Critical and Clinical, translated by Daniel W. Smith, 68-90. London: Verso, 1998.')).toMatchObject({ container: 'Essays: Critical and Clinical', editors: [] });
  });

  it('[TOOL-05] reads an ordinal and an edition word as the edition, whatever the model leans to', () => {
    const editionTokens = (text: string) => labelReference(text).tokens.filter((t) => t.label === 'edition').map((t) => t.text).join(' ');
    expect(editionTokens('Hans B. Pacejka. Tire and Vehicle Dynamics. Butterworth-Heinemann, 3rd edition, 2012.')).toBe('3rd edition,');
    expect(editionTokens('Derrida, J. (1967). L’écriture et la différence (1 éd.). Paris: Éditions du Seuil.')).toBe('(1 éd.).');
    expect(editionTokens('Hogue, C. (2001): Structure Databases. In: A. D. Baxevanis (Hrsg.): Bioinformatics (2. Aufl., S. 83–109). New York: Wiley.')).toMatch(/^\(2\. Aufl\.,/);
    expect(editionTokens('Stern, C. 1928. Die Kindersprache (4th rev. edn; 1st edn, 1907). Leipzig: Barth.')).toMatch(/^\(4th rev\. edn; 1st edn,/);
    const c = tokenConstraints(tokenize('Aho, A. V. Compilers. Addison-Wesley, Reading, MA, second edition, 1986.'));
    expect(c.filter((x) => x?.only?.join() === 'edition')).toHaveLength(2);
    // German and Latin name the edition by a word of its own, in a sentence after the title.
    expect(heldTo('edition')('Fontane, T. Effi Briest. Hg. von K. Weber. Große Brandenburger Ausgabe 15. Berlin: Aufbau, 1998.')).toBe('Große Brandenburger Ausgabe 15.');
    expect(heldTo('edition')('Hegel, Georg Wilhelm Friedrich. Werke. Vol. 3. Theorie-Werkausgabe. Frankfurt: Suhrkamp, 1970.')).toBe('Theorie-Werkausgabe.');
    expect(heldTo('edition')('Ray, J. Historia plantarum. Editio secunda auctior. Londini: Smith, 1693.')).toBe('Editio secunda auctior.');
    expect(heldTo('edition')('Müller, Karl. Die Ausgabe der Werke. Berlin: Aufbau, 1998.')).toBe('');
  });

  it('[TOOL-05] reads a remark about the work ("To appear in", "Submitted", "Special Issue", "Reprinted in") as a note', () => {
    const noteTokens = (text: string) => labelReference(text).tokens.filter((t) => t.label === 'note').map((t) => t.text).join(' ');
    expect(noteTokens('Vander Linden, K. 1992. Expressing local rhetorical relations. Technical Report 92-43, University of Colorado. To appear in Computational Linguistics.')).toBe('To appear in Computational Linguistics.');
    expect(noteTokens('Panario, D., Gourdon, X., and Flajolet, P. An analytic approach to smooth polynomials. Submitted, 1998.')).toBe('Submitted,');
    expect(noteTokens('Vasy, A. B- and cusp-analysis. Unpublished lecture notes, 2014.')).toBe('Unpublished lecture notes,');
    // When a page was read, and MLA's performers, belong to the note too.
    const only = (text: string) => heldTokens(text, (c) => c?.only?.includes('note') === true && !c.only.includes('date'));
    expect(only('Kolb, R. “Title.” The Example Website, 2016. Accessed 19 February, 2017.')).toBe('Accessed 19 February, 2017.');
    expect(only('A Civil Action. Dir. Steven Zaillian. Perf. John Travolta, Robert Duvall, Stephen Fry. Touchstone Pictures, 1999.')).toBe('Perf. John Travolta, Robert Duvall, Stephen Fry.');
    expect(noteTokens('Adve, S. V. Using information from the programmer. Technical Report TR 9603 (Submitted for publication), Department of Computer Sciences, 1993.')).toBe('(Submitted for publication),');
    // After an abbreviation too: MLA's "Web. Accessed 3 Mar. 2012."
    expect(only('Ray, Ann. “Cities.” Urban Notes. City Library. Web. Accessed 3 Mar. 2012.')).toBe('Accessed 3 Mar. 2012.');
    // A second place the work appeared, after its own year, is the note to the end; a full address in it is the URL.
    const heldNote = heldTo('note');
    expect(heldNote('Hale, P. "Signs of Rain." Weather 12 (March 1950): 31. Quoted in Ruth Mills, Clouds and Poets (Boston: Beacon Press, 1981), 78.')).toBe('Quoted in Ruth Mills, Clouds and Poets (Boston: Beacon Press, 1981), 78.');
    expect(heldNote('Dow, K. (1961). Planning by rules. Logic Review, 3, 10-20. Reprinted in Rules and Plans, MIT Press (1970), 1-12.')).toBe('Reprinted in Rules and Plans, MIT Press (1970), 1-12.');
    expect(heldNote('Dow, Karl. On Planning. Reprinted in Logic Monographs, Vol. 4, Boston: Beacon, 1945.')).toBe('');
    expect(heldTo('url')('Ng, T. (2010). Schools. Retrieved from http://example.org/schools/report.pdf')).toBe('http://example.org/schools/report.pdf');
    expect(heldTo('url')('Ng, T. (2010). Schools. Retrieved from www.scopus.com')).toBe('');
    // A bare domain there names where the work was found: the note's.
    expect(heldTokens('Ng, T. (2010). Schools. Retrieved from www.scopus.com', (c) => c?.only?.join() === 'note')).toBe('Retrieved from www.scopus.com');
    // A full address is the URL wherever it stands; a bare domain or a folder's root is left to the model.
    expect(heldTokens('Ray, A. (2011). Schools. Daily News, 3 May. URL: http://example.org/a/b.html', (c) => c?.only?.length === 1 && c.only[0] === 'url')).toBe('http://example.org/a/b.html');
    expect(heldTokens('Ray, A. (2011). Schools. Daily News, www.example.org/news/schools.html.', (c) => c?.only?.length === 1 && c.only[0] === 'url')).toBe('www.example.org/news/schools.html.');
    expect(heldNote('Ross, K. (1981). Dialogue planning. PhD thesis, University of Leeds. Published as Leeds University Computing Report No. 12.')).toBe('Published as Leeds University Computing Report No. 12.');
    // A bracketed remark in lower case that ends the reference; pages, editors and addresses in brackets are not.
    expect(heldNote('Ray, A. (2002). Listening. Journal of Care, 9(1), 21-33. (with a reply by K. Lowe)')).toBe('(with a reply by K. Lowe)');
    expect(heldNote('Levi, D. (1998). Tales of the coast. Haifa: Carmel. (in Hebrew)')).toBe('(in Hebrew)');
    expect(heldNote('Ray, A. (2002). Listening. In K. Lowe (Ed.), Care (pp. 21-33).')).toBe('');
    expect(heldNote('Ray, A. (2002). Listening. Optics Letters (http://dx.doi.org/10.1364/OL.27.000268).')).toBe('');
    // MLA's database before the address is a remark, not the publisher; a newspaper's name before its address is not.
    expect(heldNote('Ito, Ken. “Weak Ties.” Journal of Networks, vol. 7, no. 2, 2011, pp. 10–30. JSTOR, www.jstor.org/stable/1234567.')).toBe('JSTOR,');
    expect(heldNote('Ray, A. (2011). Schools close. Daily News, http://example.org/news/schools.html')).toBe('');
    expect(heldTokens('Ray, A. Schulen (auch abrufbar über www.example.at/)', (c) => c?.only?.length === 1 && c.only[0] === 'url')).toBe('');
    // A preprint on arXiv, with its subject classes; a bare "arXiv." naming where the work appeared is not a note.
    expect(heldNote('[4] K. Ito, “Sparse codes,” arXiv:2103.04567 [cs.LG, stat.ML] (2021).')).toBe('arXiv:2103.04567 [cs.LG, stat.ML]');
    expect(heldNote('[9] P. Vogel, Nucl. Phys. B 512, 44 (1998) [arXiv:hep-ph/9801234 [hep-ph]].')).toBe('[arXiv:hep-ph/9801234 [hep-ph]].');
    expect(heldNote('Li, Y. Sparse codes. arXiv preprint arXiv:2103.04567, 2021.')).toBe('arXiv preprint arXiv:2103.04567,');
    expect(heldNote('Li, Y. (2021). Sparse codes. arXiv. https://doi.org/10.48550/arXiv.2103.04567')).toBe('');
    // "Special Issue," stops at its comma: the journal's name follows.
    const c = tokenConstraints(tokenize('Gershorn, I., eds. 2013. Newness of New Media. Special Issue, Culture Theory and Critique 54(3): 259-393.'));
    expect(c.filter((x) => x?.only?.includes('note')).length).toBe(2);
    // "Special Issue on …" runs over its commas up to the volume.
    expect(heldTokens('Ray, A. Scheduling. IEEE Transactions on Systems: Special Issue on Planning, Scheduling, and Control, 23(6), 1993.', (c) => c?.only?.[0] === 'note')).toBe('Special Issue on Planning, Scheduling, and Control,');
    expect(heldTokens('Ray, A. Faults. IEEE Computer, Special Issue on Fault-Tolerant Systems, Vol. 23, No. 7.', (c) => c?.only?.[0] === 'note')).toBe('Special Issue on Fault-Tolerant Systems,');
    // Where a talk was given is the meeting, a book of its own, up to its place.
    expect(heldTo('container-title')('Bay, R., & Ware, K. (2012, October). Lexical frequency. Paper presented at the meeting of the Linguistic Society, Chicago, IL.')).toBe('Paper presented at the meeting of the Linguistic Society,');
    expect(heldTo('container-title')('Bay, R. (2013). Tunings. Poster presented at NWAV 41.')).toBe('Poster presented at NWAV 41.');
  });

  it('[TOOL-05] reads the kind of work ("Technical Report 92-43", "Ph.D. Thesis", "Personal communication") as the genre', () => {
    const genreTokens = (text: string) => labelReference(text).tokens.filter((t) => t.label === 'genre').map((t) => t.text).join(' ');
    expect(genreTokens('W. Landi and B. G. Ryder. Aliasing with and without pointers. Center for Computer Aids, Technical Report CAIP-TR-125, Rutgers University, September 1990.')).toBe('Technical Report CAIP-TR-125,');
    expect(genreTokens('Ling, C. X. (1995). Personal communication.')).toBe('Personal communication.');
    // A preprint standing alone is the edition; "Preprint, arXiv:…" is the arXiv note.
    const editionHeld = heldTo('edition');
    expect(editionHeld('Lang, S. On prime gaps in short intervals. Preprint, 1998.')).toBe('Preprint,');
    expect(editionHeld('J. Hale and K. Mori. "On sieving," preprint (1987).')).toBe('preprint');
    // MLA's "Web." standing alone is the kind of work; the World Wide Web in a name is not.
    expect(heldTo('genre')('Plato. Republic. Trans. B. Jowett. The Classics Archive. Web. 25 Mar. 2010.')).toBe('Web.');
    expect(heldTo('genre')('Ng, K. Reviews. In Proceedings of the Conference on World Wide Web, WWW 13, 2013. Web Conferences Committee.')).toBe('');
    expect(editionHeld('[3] Ana Ruiz. Wave decay on black holes. Preprint, arXiv:1301.2345, 2013.')).toBe('');
    const genreHeld = heldTo('genre');
    expect(genreHeld('P. Ortiz. Typed monads. Dept. of Computing, Leeds University, Report No. LU-CS-93-12, May 1993.')).toBe('Report No. LU-CS-93-12,');
    expect(genreHeld("K. Dale, ``Session Keys,'' Internet-Draft, Network Working Group (May 1992).")).toBe('Internet-Draft,');
    // A report with its number opens the genre mid-stretch; the body that issued it is not the genre.
    expect(genreHeld('W. Lane. Pointer aliasing. Center for Parallel Computing Technical Report CPC-TR-12, Rutgers University, 1991.')).toBe('Technical Report CPC-TR-12,');
    expect(genreHeld('Ward, R. 2014. Ordinal models. Technical report University of Notre Dame, South Bend, IN.')).toBe('Technical report');
    expect(genreHeld('Ward, R. 2014. Writing a Technical Report for Engineers. Boston: Beacon.')).toBe('');
    expect(genreTokens('Ventura, Dan, (1995). On Discretization as a Preprocessing Step, Masters Thesis, Department of Computer Science, Brigham Young University.')).toBe('Masters Thesis,');
    // The medium standing alone, not a title that opens with the word.
    const mediumTokens = (text: string) => labelReference(text).tokens.filter((t) => t.label === 'medium').map((t) => t.text).join(' ');
    expect(mediumTokens('Levinson, David, and Melvin M. Ember, eds. Encyclopedia of Cultural Anthropology. 4 vols. New York: Henry Holt, 1996. Print.')).toBe('Print.');
    expect(mediumTokens('Davidson, F. (Producer). (1999). B. F. Skinner: A fresh appraisal [DVD]. United States: Davidson Studio.')).toBe('[DVD].');
    expect(tokenConstraints(tokenize('Ember, M. Encyclopedia of Cultural Anthropology. New York: Henry Holt, 1996. Print.')).at(-1)?.only).toEqual(['medium']);
    expect(tokenConstraints(tokenize('About Jenny Holzer 2011, dvd, Microcinema International, San Francisco.'))[4]?.only).toEqual(['medium']);
    expect(heldTokens('Smith, J. 2001. Print and Power in France. Paris: Seuil.', (c) => c?.only?.includes('medium') === true)).toBe('');
    // The kind of work standing alone: APA's "(Report).", MLA's "Diss.", IEEE's "[Online].".
    const onlyAt = (text: string, token: string) => { const tokens = tokenize(text); return tokenConstraints(tokens)[tokens.findIndex((t) => t.text === token)]?.only; };
    expect(onlyAt('Alliance for Excellent Education. (2007). The high cost of high school dropouts (Report). Washington, DC: Author.', '(Report).')).toEqual(['genre']);
    expect(onlyAt('Grady, Joseph. Foundations of Meaning. Diss. University of California, Berkeley, 1997. Print.', 'Diss.')).toEqual(['genre']);
    expect(onlyAt('Smith, J. Report on the quality of care. London: HMSO, 2005.', 'Report')).toBeUndefined();
    // Decoding holds the phrase and the rest of its stretch to the genre, up to a comma or a bracket.
    const tokens = tokenize('Adve, S. V. Using information from the programmer. Technical report TR 9603 (Submitted for publication), Department of Computer Sciences, 1993.');
    const only = tokenConstraints(tokens).map((c, i) => [tokens[i]!.text, c?.only?.join('|') ?? '']);
    expect(only.filter(([, o]) => o === 'genre').map(([t]) => t).join(' ')).toBe('Technical report TR 9603');
    expect(only.filter(([, o]) => o === 'note').map(([t]) => t).join(' ')).toBe('(Submitted');
  });

  it('[TOOL-05] ends a title in double quotes at its closing quote, unless the title plainly goes on', () => {
    const afterTitle = (text: string) => heldTokens(text, (c) => c?.never?.includes('title') === true || (c?.only !== undefined && !c.only.includes('title')));
    expect(afterTitle('“Metaphor.” Oxford English Dictionary. Oxford University Press, 1992.')).toBe('Oxford English Dictionary. Oxford University Press, 1992.');
    expect(afterTitle('Robert Darnton, “Communication Networks,” in The Forbidden Best-Sellers (New York: Norton, 1995), 181–97')).toBe('in The Forbidden Best-Sellers (New York: Norton, 1995), 181–97');
    // So does "(abstract).": where the abstract appeared follows.
    expect(afterTitle('Reimold, W. U. The economic significance of impact processes (abstract). Abstracts for the International Workshop, Perth, Australia, pp. 36-37. 1990.')).toMatch(/^Abstracts for the International Workshop/);
    // A comma straight after the quote closes the title too.
    expect(afterTitle('Press, WH; Teukolsky, SA (2007), "Section 3.7.1. Radial Basis Function Interpolation", Numerical Recipes (3rd ed.), New York: Cambridge University Press')).toMatch(/^Numerical Recipes/);
    // A stop outside the quote, a review, a quote inside a title in single quotes: the title may go on.
    expect(afterTitle('G. Romano, “Gli indesiderabili”. L’Italia e l’immigrazione clandestina, “La Nuova Storia Contemporanea”, 4/6 (2000), 81-96.')).toBe('');
    expect(afterTitle('Caldwell, Gail. “On the Soapbox.” Review of Gain, by Richard Powers. Boston Globe, June 7, 1998, C1+.')).toBe('June 7, 1998,');
    expect(afterTitle('Miller, L. ‘Poe on the Beat: “Doing of Gotham” as Urban, Penny Press Journalism’. Journal of the Early Republic 2 (1987): 147–165.')).toBe('');
    // "Title. In Book" opens the book; ", In the Wake of Chaos" may be the title itself, and ", in" inside a title too.
    expect(afterTitle('Genovese, M. C. 2014. A Phase II Study of Ixekizumab, an Antibody, in Rheumatoid Arthritis Patients. Arthritis & Rheumatology, 2014.')).toBe('');
    expect(afterTitle('Stephen H. Kellert, In the Wake of Chaos: Unpredictable Order in Dynamical Systems, University of Chicago Press, 1993.')).toBe('');
    expect(afterTitle('V. Lifschitz. On the semantics of STRIPS. In Reasoning about Actions and Plans: Proceedings of the 1986 Workshop, Timberline, OR, 1987.')).toBe('In');
    expect(afterTitle('Peters, T. J., & Waterman, R. H. (1982). In search of excellence. New York: Harper & Row.')).toBe('');
    expect(afterTitle('Linnaeus, C. (1744). Systema naturae: In quo proponuntur Naturae regna tria. Parisiis: David.')).toBe('');
    expect(parseReference('Henry James, “Nathaniel Hawthorne,” in Literary Criticism: Essays on Literature, American Writers, English Writers (New York: Library of America, 1983), 427.')).toMatchObject({ title: 'Nathaniel Hawthorne' });
  });

  it('[TOOL-05] keeps pages in brackets and a volume before its pages out of titles, books and names, but not years', () => {
    const outOfNames = (text: string) => heldTokens(text, (c) => c?.never?.includes('container-title') === true && c.never.includes('editor'));
    expect(outOfNames('Allen, S. 2003. Title. In J. W. Du Bois (eds.), Preferred argument structure (301–338). Amsterdam: John Benjamins.')).toContain('(301–338).');
    expect(outOfNames('Vieira, O. V. (2006). FAPP2, cilium formation. Proceedings of the national academy of Sciences 103, 18556.')).toBe('103,');
    expect(outOfNames('Boulding, K. “Title.” In Environmental Quality, (p.227) edited by Henry Jarrett. Baltimore, 1966.')).toBe('(p.227)');
    // "City, Country" never ends a proceedings' name (a title may end with it).
    const notBook = (text: string) => heldTokens(text, (c) => c?.never?.includes('container-title') === true && !c.never.includes('title'));
    expect(notBook('Brady, J. M. (1984). The mechanic’s mate. In Proceedings of the 1984 European Conference on Artificial Intelligence Pisa, Italy.')).toBe('Pisa, Italy.');
    // "Place: Publisher, year" as a unit of its own is the place and the publisher, never a book running on.
    expect(heldTo('location')('Cole, P. “A Child.” Modern Novelists: Fiction since 1970. Basingstoke: Palgrave Macmillan, 2005: 160-179.')).toBe('Basingstoke:');
    expect(heldTo('publisher')('Cole, P. “A Child.” Modern Novelists: Fiction since 1970. Basingstoke: Palgrave Macmillan, 2005: 160-179.')).toBe('Palgrave Macmillan,');
    expect(heldTo('location')('Leach, N., ed. Rethinking Architecture: A Reader In Cultural Theory. London: Routledge, 1997.')).toBe('London:');
    // Chicago's notes put the imprint in brackets, with or without the year.
    expect(heldTo('location')('Jain, N., "A Study," in Essays on Policy (Delhi: Ajanta Publications)')).toBe('(Delhi:');
    expect(heldTo('publisher')('Jain, N., "A Study," in Essays on Policy (Delhi: Ajanta Publications)')).toBe('Ajanta Publications)');
    expect(heldTo('publisher')('Ross, W. D., Aristotle (New York: Library of America, 1983), 12.')).toBe('Library of America,');
    expect(heldTo('location')('Ross, W. D., Aristotle (New York: Library of America, 1983), 12.')).toBe('(New York:');
    expect(heldTo('publisher')('Ross, W. D., Aristotle (Reprinted Berlin: Akademie Verlag, 1965.)')).toBe('');
    // Years, bracketed or not, and a day before its year stay open.
    expect(outOfNames('Hilton, S. (2010) Newsprint media representations in the UK (2005-2008). Social Science & Medicine, 70(6), 942-950.')).toBe('');
    expect(outOfNames('Nelson, J. L., The Frankish World, 750-900, London, 1996.')).toBe('');
    // A volume by its mark is the volume, not the book's name around it; "volume I: Architecture" names a part.
    const volumeOnly = (text: string) => heldTokens(text, (c) => c?.only?.length === 1 && c.only[0] === 'volume');
    expect(volumeOnly('Ito, N. 2013. Mimetic words. In B. Frell (eds.), Japanese Linguistics Volume 30. Stanford, CA: CSLI. 199-213.')).toBe('Volume 30.');
    expect(volumeOnly('Rossi, M. “Title.” In A. Bell (ed.), Verdi 2001, 2 vols. (Florence: Olschki, 2003), vol. ii, pp. 937–43.')).toBe('vol. ii,');
    expect(volumeOnly('Kim, L. Caching. In Proc. Hawaii Conference on System Sciences, volume I: Architecture, pages 1-9, 1994.')).toBe('');
    // A reference that ends in a bare range after a word ends with its pages; a range after a month or of years is a date.
    expect(heldTo('pages')('Lund, A. 1995. Reading scores by machine. International Music Conference 187-94.')).toBe('187-94.');
    expect(heldTo('pages')('Lund, A. 2015. Reading scores. Music Conference, Paris, July 7-10.')).toBe('');
    expect(heldTo('pages')('Lund, A. Collected letters. Leipzig, 1889-96.')).toBe('');
    expect(heldTo('pages')('Lund, A. Letters. Jahrbuch 8 155-163')).toBe('');
    expect(outOfNames('Sandilands, R. J. 2004. “The relation of government to monetary control, March 29, 1935.” Journal of Economic Studies 31: 270–279.')).toBe('31:');
  });

  it('[TOOL-05] reads the names a translator, director or producer mark opens or closes as theirs, not a journal called "Trans."', () => {
    // "edited by" opens the editors' names wherever it stands; "Edited and translated by" is left to the model.
    expect(heldTo('editor')('Hale, R. 1977. Tales. In Journal of Folk Texts, 2: 98-126. Edited by Barry Carlson.')).toBe('Edited by Barry Carlson.');
    expect(heldTo('editor')('Otter. “Title.” In Melville and Aesthetics, edited by Samuel Otter and Geoffrey Sanborn, 137-55.')).toBe('edited by Samuel Otter and Geoffrey Sanborn,');
    expect(heldTo('editor')('Ray, A. Letters. Edited and translated by Richard Taylor. London: Verso, 1988.')).toBe('');
    const translatorTokens = heldTo('translator');
    // The translator's names end at their stop: the next word starts another field.
    expect(heldTokens('Plato. Republic. Trans. B. Jowett. The Classics Archive. Web. 25 Mar. 2010.', (c) => c?.never?.includes('translator') === true)).toBe('The');
    expect(translatorTokens('Schnackenburg, Rudolf, The Gospel According to St John: Vol.3 (tr. David Smith and G.A. Kon), London: Burns & Oates, 1987.')).toBe('(tr. David Smith and G.A. Kon),');
    expect(translatorTokens('Conati, Marcello (ed.), Encounters with Verdi, Richard Stokes (trans.) (Ithaca, NY: Cornell University Press, 1984).')).toBe('Richard Stokes (trans.)');
    expect(translatorTokens('Merleau-Ponty, M (1973). Consciousness and the acquisition of language, (H. J. Silverman, Trans.). Evanston, IL: Northwestern University Press.')).toBe('(H. J. Silverman, Trans.).');
    expect(translatorTokens('______. On Christian Doctrine, trans. D. W. Robertson, Jr. Indianapolis, 1958.')).toBe('trans. D. W. Robertson, Jr.');
    expect(translatorTokens('Habermas, Juergen (1995), Between Facts and Norms, tr. W. Rehg (Cambridge, Mass.: MIT Press).')).toBe('tr. W. Rehg');
    expect(translatorTokens('Knopfmacher, A., and Warlimont, R. Distinct degree factorizations. Trans. Amer. Math. Soc. 347, (1995), 2235-2243.')).toBe('');
    expect(translatorTokens('Ferguson, JN. Aldag, JM. Insel, TR. Young, LJ. (2001). Oxytocin in the medial amygdala. Journal of Neuroscience, 21: 8278-8285.')).toBe('');
    expect(translatorTokens('Lefebvre, Henri. The Production of Space. Edited and translated by Donald Nicholson-Smith. Oxford: Blackwell, 1991.')).toBe('');
    // Directors and producers, marked before or after their names.
    const roleTokens = (text: string, role: string) => heldTo(role)(text);
    const film = 'Barron, D., Heyman, D. (Producers), & Yates, D. (Director). (2009). Harry Potter and the half-blood prince [Motion picture]. United Kingdom: Warner Bros. Pictures.';
    expect(roleTokens(film, 'producer')).toBe('Barron, D., Heyman, D. (Producers),');
    expect(roleTokens(film, 'director')).toBe('& Yates, D. (Director).');
    expect(roleTokens('The Arrival. Dir. David Twohy. Perf. Charlie Sheen. Artisan, 1996.', 'director')).toBe('Dir. David Twohy.');
    expect(roleTokens('Being There. Dir, Hal Ashby. Prod. Andrew Braunsberg. United Artists, 1979.', 'producer')).toBe('Prod. Andrew Braunsberg.');
    expect(roleTokens('Soderbergh, Steven, director. Che. DVD. New York: Criterion Collection, 2008.', 'director')).toBe('Soderbergh, Steven, director.');
    // An edited book cited by its editors' names alone, not a book whose title holds "and".
    expect(roleTokens('Dirlik, Arif. “Place-Based Imagination.” In Prazniak and Dirlik, 15–51.', 'editor')).toBe('In Prazniak and Dirlik,');
    expect(roleTokens('Simpson, G. G. 1970. “Uniformitarianism,” in Hecht and Steere (1970), pp. 43–96.', 'editor')).toBe('in Hecht and Steere');
    expect(roleTokens('Otter, S. “Title.” In Melville and Aesthetics, edited by Samuel Otter, 137-55.', 'editor')).toBe('edited by Samuel Otter,');
    // The series a numbered volume belongs to, not the multi-volume book itself.
    expect(roleTokens('Flajolet, P. Random polynomials. In Automata, Languages, and Programming (1996), vol. 1099, of Lecture Notes in Computer Science, Springer-Verlag, pp. 232-243.', 'collection-title')).toBe('of Lecture Notes in Computer Science,');
    expect(roleTokens('Vasy, A. Microlocal analysis. In Inverse problems, volume 60 of Math. Sci. Res. Inst. Publ., pages 487–528.', 'collection-title')).toBe('of Math. Sci. Res. Inst. Publ.,');
    expect(roleTokens('Benn, Gottfried. Gedichte. Vol. 4 of Gesammelte Dichtungen. Berlin: Suhrkamp, 1958.', 'collection-title')).toBe('');
    // A named series after the title, or a bracketed series with its number; not the title, a subtitle, a journal.
    expect(roleTokens('Hardy, L. (2015). Learning to teach: Notes from the field. Practitioner Guides Series, Boston, MA.', 'collection-title')).toBe('Practitioner Guides Series,');
    expect(roleTokens('Keller, Robert. Numerical methods for flows. Oxford Series in Applied Mathematics. Oxford: Clarendon, 1998.', 'collection-title')).toBe('Oxford Series in Applied Mathematics.');
    expect(roleTokens('Brandt, K. 1985. Die Bauernkriege in Schwaben. (Schriften zur Landesgeschichte 14). Stuttgart: Kohlhammer.', 'collection-title')).toBe('(Schriften zur Landesgeschichte 14).');
    expect(roleTokens('Meyer, Karl. 1971. Die Chronik: eine Handschrift aus Kempen (Schriften des Kreises Kempen 27). Kempen: Druckerei.', 'collection-title')).toBe('(Schriften des Kreises Kempen 27).');
    expect(roleTokens('Roland Barthes, « Le grain de la voix » in Œuvres III. Paris : Seuil, Coll. Points Essais, 2002.', 'collection-title')).toBe('Coll. Points Essais,');
    expect(roleTokens('Kim, S. (2019). The Netflix Series Phenomenon. Media Studies, 4, 1–9.', 'collection-title')).toBe('');
    expect(roleTokens('Kim, S. (2019). Streaming: The Series Boom. Media Studies, 4, 1–9.', 'collection-title')).toBe('');
    // A series known by its form, with its number: the name is the series, the number its volume.
    expect(roleTokens('Ito, K. "Lazy queues", Proceedings of the Workshop on Algorithms, Lecture Notes in Computer Science 517, Springer, 1991, pp. 1-9.', 'collection-title')).toBe('Lecture Notes in Computer Science');
    expect(roleTokens('Ito, K. "Lazy queues", Proceedings of the Workshop on Algorithms, Lecture Notes in Computer Science 517, Springer, 1991, pp. 1-9.', 'volume')).toBe('517,');
    expect(roleTokens('Wells, Ann, Roman Pottery in Gaul (BAR International Series, 812), Oxford, 2001.', 'collection-title')).toBe('(BAR International Series,');
    expect(roleTokens('Wells, Ann, Roman Pottery in Gaul (BAR International Series, 812), Oxford, 2001.', 'volume')).toBe('812),');
    // Without its number the name may be the book, as labellers differ; a bracket that is no series stays open.
    expect(roleTokens('Ito, K. Lazy queues. Lecture Notes in Physics, Vol. 740, Springer, 2008.', 'collection-title')).toBe('');
    expect(roleTokens('Wells, Ann, Roman Pottery (Oxford University Press, 2001).', 'volume')).toBe('');
    expect(roleTokens('Lee, J. (2020). Thermal noise. Journal of Physics: Conference Series, 1234, 012345.', 'collection-title')).toBe('');
    expect(roleTokens('Wells, P. (2001). Plasma waves. Philosophical Transactions, Series A, 359, 1–20.', 'collection-title')).toBe('');
    expect(roleTokens('Hale, T. (1990). Tales. In Journal of Folk Texts, Native Texts Series, 2, 98-126.', 'collection-title')).toBe('');
    expect(roleTokens('Moss, A. (2004). Heart rate in athletes (Vol. 12). Sports Reports.', 'collection-title')).toBe('');
    // APA's abstracts service runs to the end.
    expect(roleTokens('Nieuwenhuis, J. A. (2002). Formations, ruptures. Dissertation Abstracts International: Section B: The Sciences and Engineering, 62(11-B), 5385.', 'source')).toBe('Dissertation Abstracts International: Section B: The Sciences and Engineering, 62(11-B), 5385.');
  });

  it('[TOOL-05] settles identifiers by their form: a DOI, an ISBN and a web address take their own labels, other tokens never do', () => {
    const text = 'Smith, J. (2020). A study. Journal, 3, 1–9. IF: 5,895 doi:10.1000/xyz123 ISBN 0-226-42976-8 http://example.org/a';
    const c = tokenConstraints(tokenize(text));
    const at = (token: string) => c[tokenize(text).findIndex((t) => t.text === token)];
    expect(at('doi:10.1000/xyz123')?.only).toEqual(['doi', 'url']);
    expect(at('ISBN')?.only).toEqual(['isbn']);
    expect(at('http://example.org/a')?.only).toContain('url');
    expect(at('5,895')?.never).toEqual(expect.arrayContaining(['doi', 'isbn', 'url']));
    expect(at('0-226-42976-8')?.never ?? []).not.toContain('isbn');
    const labels = labelReference(text).tokens;
    for (const t of labels) {
      if (t.label === 'doi') expect(t.text).toMatch(/10\.\d{4,9}\/|^doi/i);
      if (t.label === 'isbn') expect(t.text).toMatch(/^isbn|\d{9}|\d-\d/i);
    }
    expect(labels.find((t) => t.text === 'doi:10.1000/xyz123')?.label).toBe('doi');
    // A DOI written as a web address may be either (the DOI field reads it anyway); "doi:" before the identifier is
    // the DOI's; a web address that holds no DOI is never one.
    const web = tokenConstraints(tokenize('Cowman, G. A. 1995. Effect of bromide. Environ. Sci. Technol. 30: 16. http://dx.doi.org/10.1021/es00001a003 and doi: 10.3354/esr00084. www.cell.com,'));
    expect(web.at(-5)?.only).toEqual(['doi', 'url']);
    expect(web.at(-3)?.only).toEqual(['doi']);
    expect(web.at(-1)?.only).toEqual(['url', 'note']);
    expect(parseReference('Cowman, G. A. (1995). Effect of bromide. Environmental Science & Technology, 30(1), 16. http://dx.doi.org/10.1021/es00001a003')).toMatchObject({ doi: '10.1021/es00001a003' });
  });

  it.each(styled)('[TOOL-05] recognises the $style style', ({ text, style }) => {
    expect(analyzeReferences(text).report.entries[0]!.style).toBe(style);
  });

  it('[TOOL-05] keeps a closing bracket that balances one in the field, and drops the style’s own punctuation', () => {
    expect(cleanField('Sleep and memory in students (abstract).')).toBe('Sleep and memory in students (abstract)');
    expect(cleanField('Effects of caffeine (a review) on sleep.')).toBe('Effects of caffeine (a review) on sleep');
    expect(cleanField('(Sleep research).')).toBe('Sleep research');
    expect(cleanField('"Why sleep matters."')).toBe('Why sleep matters');
    expect(cleanField('Is sleep for memory?')).toBe('Is sleep for memory?');
  });

  it('splits author lists written in each style into family and given names', () => {
    expect(parseNames('Smith, J. K., Jones, A., & van der Berg, M.').names).toEqual([
      { family: 'Smith', given: 'J. K.' },
      { family: 'Jones', given: 'A.' },
      { family: 'van der Berg', given: 'M.' },
    ]);
    // A semicolon list whose last name follows "; &" keeps that name whole (issue 30: "Plumb" had become a given name).
    expect(parseNames('Puzon, G.; Miller, H.; & Plumb, I.').names).toEqual([
      { family: 'Puzon', given: 'G.' },
      { family: 'Miller', given: 'H.' },
      { family: 'Plumb', given: 'I.' },
    ]);
    expect(parseNames('Walker MP, Stickgold R, et al.')).toEqual({ names: [{ family: 'Walker', given: 'MP' }, { family: 'Stickgold', given: 'R' }], etAl: true });
    expect(parseNames('J. Smith, K. Lee, and M. Chen,').names.map((n) => n.family)).toEqual(['Smith', 'Lee', 'Chen']);
    expect(parseNames('Jones, Mary, and Peter Brown.').names).toEqual([
      { family: 'Jones', given: 'Mary' },
      { family: 'Brown', given: 'Peter' },
    ]);
    // A middle name is not a second author, and a family name of two words stays whole.
    expect(parseNames('Hochschild, Arlie Russell.').names).toEqual([{ family: 'Hochschild', given: 'Arlie Russell' }]);
    expect(parseNames('Hochschild, Arlie Russell, and Anne Machung.').names).toEqual([
      { family: 'Hochschild', given: 'Arlie Russell' },
      { family: 'Machung', given: 'Anne' },
    ]);
    expect(parseNames('García Márquez, G.').names).toEqual([{ family: 'García Márquez', given: 'G.' }]);
    expect(parseNames('Lloyd Webber, A., & Rice, T.').names.map((n) => n.family)).toEqual(['Lloyd Webber', 'Rice']);
    expect(parseNames('Halpern SD, Ubel PA, Caplan AL.').names.map((n) => n.family)).toEqual(['Halpern', 'Ubel', 'Caplan']);
  });

  it('[TOOL-05] reads a group author as one organisation, not as a person', () => {
    const org = (family: string) => [{ family, given: '', organization: true }];
    expect(parseNames('World Health Organization.').names).toEqual(org('World Health Organization'));
    expect(parseNames('U.S. Department of Health and Human Services.').names).toEqual(org('U.S. Department of Health and Human Services'));
    expect(parseNames('Centers for Disease Control and Prevention').names).toEqual(org('Centers for Disease Control and Prevention'));
    expect(parseNames('OECD.').names).toEqual(org('OECD'));
    expect(parseNames('Smith, J., & World Health Organization.').names).toEqual([{ family: 'Smith', given: 'J.' }, ...org('World Health Organization')]);
    // People whose names hold such words stay people.
    expect(parseNames('Press, J., & Bank, A. B.').names).toEqual([
      { family: 'Press', given: 'J.' },
      { family: 'Bank', given: 'A. B.' },
    ]);
    expect(parseNames('van der Berg, A.').names).toEqual([{ family: 'van der Berg', given: 'A.' }]);
    expect(parseNames('BBC News').names).toEqual(org('BBC News'));
    expect(parseNames('NASA Earth Observatory.').names).toEqual(org('NASA Earth Observatory'));
    for (const entry of [
      'World Health Organization. (2020). Global tuberculosis report 2020. World Health Organization.',
      'American Psychological Association. (2020). Publication manual of the American Psychological Association (7th ed.).',
      'National Institute for Health and Care Excellence (2019) Depression in adults: recognition and management. London: NICE.',
      '[4] World Health Organization, "Global action plan on physical activity 2018–2030," Geneva, 2018.',
    ]) {
      const { authors } = parseReference(entry);
      expect(authors, entry).toHaveLength(1);
      expect(authors[0], entry).toMatchObject({ given: '', organization: true });
      expect(entry).toContain(authors[0]!.family);
    }
  });

  it('[TOOL-05] reads a Vancouver date written into the journal span, and drops the "[Internet]" mark from a title', () => {
    const lancet = parseReference('5. Lozano R, Naghavi M, Foreman K, et al. Global and regional mortality from 235 causes of death for 20 age groups in 1990 and 2010. Lancet. 2012 Dec 15;380(9859):2095-128.');
    expect(lancet).toMatchObject({ year: 2012, container: 'Lancet', volume: '380', issue: '9859', pages: '2095-128' });
    const web = parseReference('4. Centers for Disease Control and Prevention. Obesity and overweight [Internet]. Atlanta: CDC; 2022 [cited 2023 Mar 1]. Available from: https://www.cdc.gov/obesity/');
    expect(web).toMatchObject({ year: 2022, title: 'Obesity and overweight', url: 'https://www.cdc.gov/obesity/' });
    // The unit before a Vancouver date with its semicolon is the journal, however short ("BMJ.").
    expect(heldTo('journal')('5. Page MJ, McKenzie JE, et al. The PRISMA statement: a guideline. BMJ. 2021 Mar 29;372:n71.')).toBe('BMJ.');
    expect(heldTo('journal')('Ray A. Sleep and memory. Hum Factors. 1982; 24(5): 553-65.')).toBe('Hum Factors.');
    expect(heldTo('journal')('1. Ray A. Sleep and memory in students Nat Rev Genet. 2000;(3):218-226.')).toBe('');
    expect(parseReference('5. Page MJ, McKenzie JE, et al. The PRISMA statement: a guideline. BMJ. 2021 Mar 29;372:n71.')).toMatchObject({ container: 'BMJ', publisher: null });
  });

  it('[TOOL-05] reads a month, day and year as the date, and no volume out of the month', () => {
    const pep = '[17] G. van Rossum, B. Warsaw, and N. Coghlan, "PEP 8 – Style guide for Python code," Python Enhancement Proposals, Jul. 5, 2001. Accessed: Jan. 15, 2024. [Online]. Available: https://peps.python.org/pep-0008/';
    expect(heldTo('date')(pep)).toBe('Jul. 5, 2001.');
    expect(parseReference(pep)).toMatchObject({ year: 2001, volume: null });
    // Inside a note's phrase the date is the note's: "Retrieved January 22, 2010, from LexisNexis AU."
    expect(heldTo('date')('Alt, T. (2009). Family law. Journal of Law, 23, 194. Retrieved January 22, 2010, from LexisNexis AU.')).toBe('');
  });

  it('[TOOL-05] reads a volume from its number or a roman numeral standing as a word, never from a letter inside one', () => {
    expect(volumeAndIssue('Suppl 1:', '').volume).toBe('1');
    expect(volumeAndIssue('Special 12', '').volume).toBe('12');
    expect(volumeAndIssue('vol. XII,', '').volume).toBe('XII');
    expect(volumeAndIssue('vol. iii', '').volume).toBe('iii');
    expect(volumeAndIssue('12(3):', '')).toEqual({ volume: '12', issue: '3' });
  });

  it('[TOOL-05] reads no author after "et al.", which closes the names', () => {
    expect(heldTokens('Semega, Jessica, et al. Income and Poverty in the United States: 2019. U.S. Census Bureau, Sept. 2020.', (c) => c?.never?.includes('author') === true)).toBe('Income and Poverty in the United States: 2019. U.S. Census Bureau, Sept. 2020.');
    expect(parseReference('Semega, Jessica, et al. Income and Poverty in the United States: 2019. U.S. Census Bureau, Sept. 2020.').authors.map((a) => a.family)).toEqual(['Semega']);
  });

  it('[TOOL-05] keeps name suffixes, Spanish double family names and "(no date)" out of the author list', () => {
    expect(parseNames('Nash, J. F., Jr.').names).toEqual([{ family: 'Nash', given: 'J. F.' }]);
    expect(parseNames('Nash, John Forbes, Jr.').names).toEqual([{ family: 'Nash', given: 'John Forbes' }]);
    expect(parseNames('Nash JF Jr.').names).toEqual([{ family: 'Nash', given: 'JF' }]);
    expect(parseNames('King, M. L., Jr., & Smith, A.').names.map((n) => n.family)).toEqual(['King', 'Smith']);
    expect(parseNames('Ortega y Gasset, José.').names).toEqual([{ family: 'Ortega y Gasset', given: 'José' }]);
    // "y" between two people still splits them.
    expect(parseNames('García, M. y López, J.').names.map((n) => n.family)).toEqual(['García', 'López']);
    expect(parseNames('NHS (no date)').names).toEqual([{ family: 'NHS', given: '', organization: true }]);
  });

  it('[TOOL-05] reads article numbers whole, wherever the style puts them', () => {
    expect(cleanPages('Article aac4716.', '')).toBe('aac4716');
    expect(cleanPages('e0123456.', '')).toBe('e0123456');
    expect(cleanPages('pp. 45–67.', '')).toBe('45-67');
    expect(cleanPages('S12-S19', '')).toBe('S12-S19');
    // Vancouver's volume:article number read as pages, and IEEE's "Art. no." outside the pages span.
    expect(cleanPages('372:n71.', '')).toBe('n71');
    expect(cleanPages('44(1):121-33.', '')).toBe('121-33');
    expect(cleanPages(null, 'PLoS Med., vol. 2, no. 8, Art. no. e124, Aug. 2005.')).toBe('e124');
    expect(parseReference('5. Page MJ, McKenzie JE, Bossuyt PM, et al. The PRISMA 2020 statement: an updated guideline for reporting systematic reviews. BMJ. 2021 Mar 29;372:n71.')).toMatchObject({ volume: '372', pages: 'n71', year: 2021 });
  });

  it('[TOOL-05] leaves bracketed descriptions out of a title and reads web addresses written without "https://"', () => {
    expect(parseReference('Freud, S. (1900). Die Traumdeutung [The interpretation of dreams]. Franz Deuticke.').title).toBe('Die Traumdeutung');
    expect(parseReference('Nash, J. F. (1950). Non-cooperative games [Doctoral dissertation, Princeton University].').title).toBe('Non-cooperative games');
    expect(urlIn('Graham, Paul. “How to Start a Startup.” Paul Graham, Mar. 2005, paulgraham.com/start.html. Accessed 3 Feb. 2024.')).toBe('paulgraham.com/start.html');
    expect(urlIn('U.S. Census Bureau, Sept. 2020, www.census.gov/library/publications/2020/demo/p60-270.html.')).toBe('www.census.gov/library/publications/2020/demo/p60-270.html');
    // Not an address: an e-mail, a DOI, a title with a full stop.
    expect(urlIn('Write to editor@journal.com/x for a copy.')).toBeNull();
    expect(urlIn('doi:10.1038/nature14539. Proc. Natl. Acad. Sci.')).toBeNull();
  });

  it('[TOOL-05] reads our own labelled references in the six styles, never trained on: field F1 at least 0.95 overall and 0.85 per field', () => {
    const { fields, overall, count, misses } = scoreOwnReferences(parseReference);
    expect(count).toBeGreaterThanOrEqual(120);
    expect(f1(overall), misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    for (const [field, score] of fields) expect(f1(score), `${field}\n${misses.filter((m) => m.includes(` ${field}:`)).join('\n')}`).toBeGreaterThanOrEqual(0.85);
  });

  it('[TOOL-05] matches citations of a group author by its name or its acronym', () => {
    const r = analyzeReferences(
      'Obesity has tripled since 1975 (World Health Organization [WHO], 2020). Physical activity helps (WHO, 2018). Guidance differs (Centers for Disease Control and Prevention, 2019).\n\nReferences\n\nCenters for Disease Control and Prevention. (2019). Adult obesity facts. https://www.cdc.gov/obesity/data/adult.html\nWorld Health Organization. (2018). Global action plan on physical activity 2018–2030: More active people for a healthier world.\nWorld Health Organization. (2020). Obesity and overweight (Fact sheet).',
    ).report;
    expect(r.citationIssues.filter((i) => i.code !== 'listedNotCited')).toEqual([]);
    expect(r.entries.map((e) => e.citedBy)).toEqual([1, 1, 1]);
  });
});

describe('identifiers', () => {
  it('[TOOL-05] flags a DOI with characters outside Crossref’s pattern', () => {
    const { report } = analyzeReferences('Smith, J. (2019). A study. Journal of Studies, 5(1), 1–5. doi: 10.1234/abc–def');
    expect(report.entries[0]!.issues.map((i) => i.code)).toContain('doiMalformed');
  });

  it('[TOOL-05] follows Crossref’s DOI pattern', () => {
    expect(isWellFormedDoi('10.1038/s41586-019-1466-y')).toBe(true);
    expect(isWellFormedDoi('10.1016/S0140-6736(97)11096-0')).toBe(true);
    expect(isWellFormedDoi('10.12/abc')).toBe(false);
    expect(isWellFormedDoi('10.1234/has space')).toBe(false);
    expect(normalizeDoi('https://doi.org/10.1038/NATURE14539')).toBe('10.1038/nature14539');
  });

  it('[TOOL-05] checks ISBN-10, ISBN-13 and ISSN check digits', () => {
    expect(isValidIsbn('978-0-306-40615-7')).toBe(true);
    expect(isValidIsbn('978-0-306-40615-8')).toBe(false);
    expect(isValidIsbn('0-306-40615-2')).toBe(true);
    expect(isValidIsbn('0-8044-2957-X')).toBe(true);
    expect(isValidIsbn('0-306-40615-3')).toBe(false);
    expect(isValidIssn('0028-0836')).toBe(true);
    expect(isValidIssn('0028-0837')).toBe(false);
    expect(isValidIssn('2434-561X')).toBe(true);
  });

  it('[TOOL-05] knows arXiv identifiers old and new', () => {
    expect(isValidArxivId('1706.03762')).toBe(true);
    expect(isValidArxivId('2101.01234v2')).toBe(true);
    expect(isValidArxivId('hep-th/9901001')).toBe(true);
    expect(isValidArxivId('1713.03762')).toBe(false);
    expect(isValidArxivId('1406.12345')).toBe(false);
    expect(arxivIn('Vaswani, A. (2017). Attention is all you need. arXiv preprint arXiv:1706.03762.')).toBe('1706.03762');
  });
});

describe('finding and splitting the list', () => {
  it('[TOOL-05] finds the list under its heading and keeps the body for the citations', () => {
    const parts = findReferenceList('Body text (Smith, 2020).\n\nWorks Cited\n\nSmith, John. Title. Press, 2020.\n\nAppendix A\nTables');
    expect(parts.found).toBe('heading');
    expect(parts.body).toContain('Body text');
    expect(splitEntries(parts.list)).toEqual(['Smith, John. Title. Press, 2020.']);
  });

  it('[TOOL-05] joins hard-wrapped entries and splits numbered lists', () => {
    const wrapped = 'Smith, J. (2020). A long title that wraps\n  onto a second line. Journal, 1(2), 3–4.\nLee, K. (2019). Short. Journal, 2, 5–6.';
    expect(splitEntries(wrapped)).toHaveLength(2);
    expect(splitEntries('[1] A. B. One, "T," J., 2001.\n[2] C. Two, "U," K.,\n2002.\n[3] D. Three, "V," L., 2003.')).toEqual(['[1] A. B. One, "T," J., 2001.', '[2] C. Two, "U," K., 2002.', '[3] D. Three, "V," L., 2003.']);
  });

  it('[TOOL-05] splits author–year entries that a PDF or a paste ran together on one line, and nothing else', () => {
    const walker = 'Walker, M. (2017). Why we sleep: Unlocking the power of sleep and dreams. Scribner.';
    const wahlstrom = 'Wahlstrom, K. (2014). Examining the impact of later high school start times. University of Minnesota.';
    const pair = 'Smith, J., & van Lee, K.-L. (2019a). Two authors. Journal of Things, 3(1), 1–9.';
    expect(splitEntries(`${walker} ${wahlstrom}`)).toEqual([walker, wahlstrom]);
    expect(splitEntries(`${walker} ${pair}\n${wahlstrom}`)).toEqual([walker, pair, wahlstrom]);
    // An editor's initials, a chapter's "In", a title with a comma and a year stay inside their entry.
    const chapter = 'Okafor, B. (2010). Sleep, R. (1999) revisited. In K. Lee & M. Diaz (Eds.), Rest and learning (pp. 1–10). Academic Press.';
    expect(splitEntries(chapter)).toEqual([chapter]);
    // The paper as a PDF upload reads it: a citation of the second entry is no longer "cited but not listed".
    const paper = `Sleep matters (Walker, 2017). Later starts help (Wahlstrom, 2014).\nReferences\n${walker} ${wahlstrom}`;
    const { entries, report } = analyzeReferences(paper);
    expect(entries.map((e) => e.fields.authors[0]?.family)).toEqual(['Walker', 'Wahlstrom']);
    expect(report.citations).toHaveLength(2);
    expect(report.citationIssues).toEqual([]);
  });

  it('[TOOL-05] tells BibTeX and RIS from text', () => {
    expect(inputFormatOf('@article{key, title={T}}')).toBe('bibtex');
    expect(inputFormatOf('TY  - JOUR\nTI  - T\nER  - ')).toBe('ris');
    expect(inputFormatOf('Smith, J. (2020). Title.')).toBe('text');
  });
});

describe('offline checks', () => {
  const paper = `As shown before (Smith & Lee, 2019; Brown, 2018), and by Garcia (2021), effects are small [sic]. Jones et al. (2020) disagree (Kim, 2017).

References

Brown, A. (2018). On things. Journal of Things, 3(2), 10–20.
Garcia, M. (2020). Small effects. Journal of Effects, 4(1), 1–9.
Smith, J., & Jones, K. (2019). A study. Journal of Studies, 5(1), 1–5. https://doi.org/10.12/abc
Never, C. (2016). Uncited work. Journal of Nothing, 1, 1–2. ISBN 978-0-306-40615-8
Brown, A. (2018). On things. Journal of Things, 3(2), 10–20.
Future, F. (2041). Tomorrow's paper. Journal of Time, 9, 1–2.`;
  const { report } = analyzeReferences(paper, { currentYear: 2026 });
  const codes = (i: number) => report.entries[i]!.issues.map((x) => x.code);
  const citation = (code: string) => report.citationIssues.filter((x) => x.code === code).map((x) => x.params?.cite ?? x.params?.entry);

  it('[TOOL-05] flags a malformed DOI, a bad ISBN, a duplicate and an implausible year', () => {
    expect(codes(2)).toContain('doiMalformed');
    expect(codes(3)).toContain('isbnChecksum');
    expect(codes(4)).toContain('duplicate');
    expect(codes(5)).toContain('yearImplausible');
  });

  it('[TOOL-05] matches in-text citations: cited but not listed, year and author mismatches, never cited', () => {
    expect(citation('citedNotListed')).toEqual(['Jones et al. (2020)', 'Kim, 2017']);
    expect(citation('citationYearMismatch')).toEqual(['Garcia (2021)']);
    expect(citation('citationAuthorMismatch')).toEqual(['Smith & Lee, 2019']);
    expect(citation('listedNotCited')).toEqual(expect.arrayContaining([4, 6]));
  });

  it('[TOOL-05] matches a secondary citation to the source read, not the original ("as cited in")', () => {
    const r = analyzeReferences(
      'Some disagree (Siegel, 2001, as cited in Walker, 2018). Others agree (Born, 2010).\n\nReferences\n\nBorn, J. (2010). The memory function of sleep. Nature Reviews Neuroscience, 11(2), 114–126.\nWalker, M. (2018). Why we sleep. Scribner.',
    ).report;
    expect(r.citationIssues).toEqual([]);
    expect(r.entries.map((e) => e.citedBy)).toEqual([1, 1]);
  });

  it('[TOOL-05] reports gaps in a numbered list and numbers cited beyond it', () => {
    const r = analyzeReferences('Deep nets [1], [2]–[5] and [7].\n\nReferences\n[1] A. One, "T," J. A, vol. 1, pp. 1–2, 2001.\n[2] B. Two, "U," J. B, vol. 2, pp. 3–4, 2002.\n[4] C. Four, "V," J. C, vol. 3, pp. 5–6, 2003.').report;
    expect(r.citationIssues.find((i) => i.code === 'numberingGap')?.params?.numbers).toBe('3');
    expect(r.citationIssues.filter((i) => i.code === 'citedNumberMissing').map((i) => i.params?.number)).toEqual([5, 7]);
  });

  it('[TOOL-05] marks an entry formatted in another style than the list', () => {
    const r = analyzeReferences(
      'Brown, A. (2018). On things. Journal of Things, 3(2), 10–20.\nGarcia, M. (2020). Small effects. Journal of Effects, 4(1), 1–9.\nLee, Kim. "Other style." Journal of Style, vol. 2, no. 1, 2017, pp. 3-9.',
    ).report;
    expect(r.style).toBe('apa');
    expect(r.entries[2]!.issues).toContainEqual({ code: 'styleInconsistent', severity: 'warning', params: { style: 'mla', listStyle: 'apa' } });
  });
});

describe('online verdicts', () => {
  const crossrefWork = {
    DOI: '10.1038/nature14539',
    title: ['Deep learning'],
    author: [{ family: 'LeCun', given: 'Yann' }, { family: 'Bengio', given: 'Yoshua' }, { family: 'Hinton', given: 'Geoffrey' }],
    issued: { 'date-parts': [[2015, 5, 27]] },
    'container-title': ['Nature'],
    volume: '521',
    issue: '7553',
    page: '436-444',
  };
  const real = recordFromCrossref(crossrefWork);

  it('reads Crossref and OpenAlex records', () => {
    expect(real).toMatchObject({ source: 'crossref', doi: '10.1038/nature14539', year: 2015, authors: ['LeCun', 'Bengio', 'Hinton'], pages: '436-444', retracted: false });
    const oa = recordFromOpenAlex({ doi: 'https://doi.org/10.1038/NATURE14539', title: 'Deep learning', publication_year: 2015, authorships: [{ author: { display_name: 'Yann LeCun' } }], biblio: { volume: '521', issue: '7553', first_page: '436', last_page: '444' }, primary_location: { source: { display_name: 'Nature' } }, is_retracted: true });
    expect(oa).toMatchObject({ source: 'openalex', doi: '10.1038/nature14539', authors: ['LeCun'], pages: '436-444', retracted: true });
  });

  it('[TOOL-05] verifies a match, names the fields of an altered entry, and never accepts a different work', () => {
    const entry = parseReference('LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.');
    expect(judge(entry, { candidates: [real] }).verdict).toBe('verified');
    const altered = parseReference('LeCun, Y., Bengio, Y., & Hinton, G. (2011). Deep learning. Nature, 521(7553), 512–530.');
    const j = judge(altered, { candidates: [real] });
    expect(j.verdict).toBe('conflict');
    expect(j.conflicts.map((c) => c.field)).toEqual(['year', 'pages']);
    const invented = parseReference('Okafor, B. (2023). Midnight revision habits and the grammar of persuasive essays. Journal of Nocturnal Pedagogy, 7(1), 12–29.');
    expect(judge(invented, { candidates: [real] })).toMatchObject({ verdict: 'notFound', evidence: null });
    expect(titleSimilarity('Attention is all you need', 'Attention Is All You Need: Transformers explained')).toBeGreaterThan(0.9);
    expect(titleSimilarity('Deep learning', 'Deep reinforcement learning for robots')).toBeLessThan(0.75);
  });

  it('[TOOL-05] leaves entries unchecked when the lookup is unavailable, and counts verdicts', async () => {
    const lookup: Lookup = async (fields) => (fields.title === 'Deep learning' ? { candidates: [real] } : 'unavailable');
    const report = await checkReferences('LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.\nDoe, J. (2018). Something else entirely. Journal of Things, 3(1), 1–9.', { lookup });
    expect(report.entries.map((e) => e.verdict)).toEqual(['verified', 'unchecked']);
    expect(report.entries[1]!.uncheckedReason).toBe('unavailable');
    expect(report.online).toBe('partial');
    expect(report.counts).toMatchObject({ verified: 1, unchecked: 1 });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000 + 5000).toUTCString(), 10_000)).toBe(5000);
    expect(retryAfterMs(null)).toBe(1000);
  });

  it('[TOOL-05] looks references up by default at the public Crossref and OpenAlex (no key needed), off only when told; checks the contact address', () => {
    expect(loadConfig({}).references).toEqual({ crossrefBaseUrl: 'https://api.crossref.org', openAlexBaseUrl: 'https://api.openalex.org', contactEmail: undefined });
    expect(loadConfig({ REFERENCE_LOOKUPS: 'false' }).references).toBeUndefined();
    expect(loadConfig({ REFERENCE_LOOKUPS: 'false', CROSSREF_BASE_URL: 'https://api.crossref.org' }).references).toBeUndefined();
    expect(() => loadConfig({ REFERENCE_LOOKUPS: 'maybe' })).toThrow(/REFERENCE_LOOKUPS must be true or false/);
    expect(loadConfig({ CROSSREF_BASE_URL: 'https://api.crossref.org/', REFERENCES_CONTACT_EMAIL: 'refs@inkwise.app' }).references).toEqual({ crossrefBaseUrl: 'https://api.crossref.org', openAlexBaseUrl: undefined, contactEmail: 'refs@inkwise.app' });
    expect(() => loadConfig({ OPENALEX_BASE_URL: 'https://api.openalex.org', REFERENCES_CONTACT_EMAIL: 'nope' })).toThrow(/REFERENCES_CONTACT_EMAIL/);
  });
});
